import { LlamaModelOptions } from "../../../evaluator/LlamaModel/LlamaModel.js";
import { BuildGpu } from "../../../bindings/types.js";
import type { LlamaContextOptions } from "../../../evaluator/LlamaContext/types.js";
import type { GgmlType } from "../../types/GgufTensorInfoTypes.js";
import type { GgufInsights, GgufInsightsSimulatorSession } from "../GgufInsights.js";
export declare function resolveModelGpuLayersOption(gpuLayers: LlamaModelOptions["gpuLayers"], options: {
    ggufInsights: GgufInsights;
    ignoreMemorySafetyChecks?: boolean;
    getVramState(): Promise<{
        total: number;
        free: number;
    }>;
    llamaVramPaddingSize: number;
    llamaGpu: BuildGpu;
    llamaSupportsGpuOffloading: boolean;
    defaultContextFlashAttention: LlamaContextOptions["flashAttention"];
    defaultContextKvCacheKeyType?: GgmlType;
    defaultContextKvCacheValueType?: GgmlType;
    defaultContextSwaFullCache: boolean;
    useMmap?: "auto" | boolean;
    simulatorSession?: GgufInsightsSimulatorSession;
    vramCapIsSet?: boolean;
    onProgress?(step: number, totalSteps: number): void;
    enablePredictiveLayerScoring?: boolean;
    startProbeLayersCount?: number;
    signal?: AbortSignal;
}): Promise<{
    gpuLayers: number;
    useMmap: boolean;
}>;

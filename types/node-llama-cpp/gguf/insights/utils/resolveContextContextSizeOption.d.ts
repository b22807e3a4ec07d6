import { LlamaContextOptions } from "../../../evaluator/LlamaContext/types.js";
import { GgufInsights, GgufInsightsSimulatorSession } from "../GgufInsights.js";
import { BuildGpu } from "../../../bindings/types.js";
import type { GgmlType } from "../../types/GgufTensorInfoTypes.js";
export declare function resolveContextContextSizeOption(options: {
    contextSize?: LlamaContextOptions["contextSize"];
    batchSize?: LlamaContextOptions["batchSize"];
    sequences: number;
    modelFileInsights: GgufInsights;
    modelGpuLayers: number;
    modelTrainContextSize: number;
    flashAttention: LlamaContextOptions["flashAttention"];
    kvCacheKeyType?: GgmlType;
    kvCacheValueType?: GgmlType;
    swaFullCache: boolean;
    useMmap?: boolean;
    getVramState(): Promise<{
        total: number;
        free: number;
        unifiedSize: number;
    }>;
    getRamState(): Promise<{
        total: number;
        free: number;
    }>;
    getSwapState(): Promise<{
        total: number;
        free: number;
    }>;
    llamaGpu: BuildGpu;
    ignoreMemorySafetyChecks?: boolean;
    isEmbeddingContext?: boolean;
    maxContextSizeSwapUse?: number;
    simulatorSession?: GgufInsightsSimulatorSession;
    ramCapIsSet?: boolean;
    vramCapIsSet?: boolean;
}): Promise<number>;

import { BuildGpu } from "../../bindings/types.js";
export declare function logUsedGpuTypeOption(gpu: BuildGpu): void;

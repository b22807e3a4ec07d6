import { BuildGpu } from "./types.js";
export declare function getPrettyBuildGpuName(gpu: BuildGpu | undefined): string;

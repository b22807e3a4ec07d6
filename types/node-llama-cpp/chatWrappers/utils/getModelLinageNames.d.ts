import { GgufMetadata } from "../../gguf/types/GgufMetadataTypes.js";
export declare function getModelLinageNames(ggufMetadata?: GgufMetadata): string[][];

import { GgufFileType } from "../types/GgufMetadataTypes.js";
export declare const ggufQuantNames: Map<string, GgufFileType>;
export declare const ggufFileQuantNamesSet: Set<string>;
export declare const ggufFileQuantNames: readonly string[];

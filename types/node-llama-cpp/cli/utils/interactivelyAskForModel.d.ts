import { Llama } from "../../bindings/Llama.js";
import { GgmlType } from "../../gguf/types/GgufTensorInfoTypes.js";
export declare function interactivelyAskForModel({ llama, modelsDirectory, allowLocalModels, downloadIntent, flashAttention, swaFullCache, useMmap, kvCacheKeyType, kvCacheValueType }: {
    llama: Llama;
    modelsDirectory?: string;
    allowLocalModels?: boolean;
    downloadIntent?: boolean;
    flashAttention?: "auto" | boolean;
    swaFullCache?: boolean;
    useMmap?: "auto" | boolean;
    kvCacheKeyType?: "currentQuant" | GgmlType;
    kvCacheValueType?: "currentQuant" | GgmlType;
}): Promise<string>;

import { Llama } from "../bindings/Llama.js";
export declare function getGrammarsFolder(buildType: Llama["buildType"]): Promise<string>;

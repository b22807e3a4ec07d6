import { LlamaText } from "../../utils/LlamaText.js";
export declare function replaceRegularTextInLlamaText(text: string | LlamaText, find: string, replace: string): import("../../utils/LlamaText.js")._LlamaText;

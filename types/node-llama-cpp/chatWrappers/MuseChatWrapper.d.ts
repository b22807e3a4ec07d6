import { ChatWrapper } from "../ChatWrapper.js";
import { ChatHistoryItem, ChatModelFunctions, ChatModelResponse, ChatWrapperGenerateContextStateOptions, ChatWrapperGeneratedContextState, ChatWrapperGenerateInitialHistoryOptions, ChatWrapperSettings } from "../types.js";
import { LlamaText } from "../utils/LlamaText.js";
export declare class MuseChatWrapper extends ChatWrapper {
    readonly wrapperName: string;
    readonly reasoningStrength: "xhigh" | "high" | "medium" | "low";
    readonly keepOnlyLastThought: boolean;
    readonly knowledgeCutoff: Date | (() => Date) | null;
    readonly todayDate: Date | (() => Date) | null;
    readonly settings: ChatWrapperSettings;
    constructor(options?: {
        /**
         * The amount of reasoning to instruct the model to use.
         *
         * Defaults to `"high"`.
         */
        reasoningStrength?: "xhigh" | "high" | "medium" | "low";
        /**
         * Whether to keep only the chain of thought from the last model response.
         *
         * Defaults to `false`, matching the original chat template.
         */
        keepOnlyLastThought?: boolean;
        /**
         * The knowledge cutoff used by the default system message.
         * The default system message is applied only when you supply a chat history that don't have a system message at the beginning.
         *
         * Set to `null` to omit it.
         *
         * Defaults to `"2026-01-04"`.
         */
        knowledgeCutoff?: Date | (() => Date) | string | null;
        /**
         * The current date used by the default system message.
         * The default system message is applied only when you supply a chat history that don't have a system message at the beginning.
         *
         * Set to `null` to omit it.
         *
         * Defaults to the current date.
         */
        todayDate?: Date | (() => Date) | number | string | null;
    });
    generateContextState({ chatHistory, availableFunctions, documentFunctionParams }: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState;
    generateFunctionCall(name: string, params: any): LlamaText;
    generateFunctionCallResult(functionName: string, functionParams: any, result: any): LlamaText;
    generateModelResponseText(modelResponse: ChatModelResponse["response"], useRawValues?: boolean): LlamaText;
    generateAvailableFunctionsSystemText(availableFunctions: ChatModelFunctions, { documentParams }: {
        documentParams?: boolean;
    }): import("../utils/LlamaText.js")._LlamaText;
    generateInitialChatHistory({ systemPrompt }?: ChatWrapperGenerateInitialHistoryOptions): ChatHistoryItem[];
}

import { ChatWrapper } from "../ChatWrapper.js";
import { ChatModelFunctions, ChatWrapperGenerateContextStateOptions, ChatWrapperGeneratedContextState, ChatWrapperSettings } from "../types.js";
export declare class QwenChatWrapper extends ChatWrapper {
    readonly wrapperName: string;
    readonly variation: "3" | "3.5";
    readonly keepOnlyLastThought: boolean;
    readonly thoughts: "auto" | "discourage" | "modelInitiated";
    readonly settings: ChatWrapperSettings;
    constructor(options?: {
        /**
         * Whether to keep only the chain of thought from the last model response.
         *
         * Setting this to `false` will keep all the chain of thoughts from the model responses in the context state.
         *
         * Defaults to `true`.
         */
        keepOnlyLastThought?: boolean;
        /**
         * Control the usage of thoughts in the model responses.
         *
         * When set to `"modelInitiated"`, thought segments won't be force-opened at the start of the model response,
         * even if that's what the model would normally expect.
         *
         * Defaults to `"auto"`.
         */
        thoughts?: "auto" | "discourage" | "modelInitiated";
        /**
         * Chat template variation to use.
         *
         * Defaults to `"3"`.
         */
        variation?: "3" | "3.5";
    });
    generateContextState({ chatHistory, availableFunctions, documentFunctionParams }: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState;
    generateFunctionCallResult(functionName: string, functionParams: any, result: any): import("../utils/LlamaText.js")._LlamaText;
    generateAvailableFunctionsSystemText(availableFunctions: ChatModelFunctions, { documentParams }: {
        documentParams?: boolean;
    }): import("../utils/LlamaText.js")._LlamaText;
}

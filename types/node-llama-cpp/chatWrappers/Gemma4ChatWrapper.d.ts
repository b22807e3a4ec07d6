import { ChatWrapper } from "../ChatWrapper.js";
import { ChatModelFunctions, ChatModelResponse, ChatWrapperGenerateContextStateOptions, ChatWrapperGeneratedContextState, ChatWrapperSettings } from "../types.js";
import { LlamaText } from "../utils/LlamaText.js";
export declare class Gemma4ChatWrapper extends ChatWrapper {
    readonly wrapperName: string;
    readonly reasoning: boolean;
    readonly keepOnlyLastThought: boolean;
    readonly settings: ChatWrapperSettings;
    constructor(options?: {
        /**
         * Whether to promote the model to perform reasoning.
         *
         * Defaults to `true`.
         */
        reasoning?: boolean;
        /**
         * Whether to keep only the chain of thought from the last model response.
         *
         * Setting this to `false` will keep all the chain of thoughts from the model responses in the context state.
         *
         * Defaults to `true`.
         */
        keepOnlyLastThought?: boolean;
    });
    generateContextState({ chatHistory, availableFunctions, documentFunctionParams }: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState;
    generateAvailableFunctionsSystemText(availableFunctions: ChatModelFunctions, { documentParams }: {
        documentParams?: boolean;
    }): LlamaText;
    generateModelResponseText(modelResponse: ChatModelResponse["response"], useRawValues?: boolean): LlamaText;
}

import { ChatWrapperSettings, Tokenizer } from "../../../types.js";
import { UniqueIdGenerator } from "./UniqueIdGenerator.js";
export declare function extractSegmentSettingsFromTokenizerAndChatTemplate({ chatTemplate, tokenizer, renderRawJinjaTemplate, idsGenerator, enableReasoning }: {
    chatTemplate: string | undefined;
    tokenizer: Tokenizer | undefined;
    renderRawJinjaTemplate(params: Record<string, any>): string;
    idsGenerator: UniqueIdGenerator;
    enableReasoning: boolean | null;
}): {
    settings: ChatWrapperSettings["segments"];
    keepOnlyLastThought?: boolean;
};

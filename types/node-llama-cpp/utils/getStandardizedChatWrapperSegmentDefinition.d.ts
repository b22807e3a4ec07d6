import { ChatModelSegmentType, ChatWrapperSettings } from "../types.js";
import { LlamaText } from "./LlamaText.js";
export declare function getStandardizedChatWrapperSegmentDefinition(chatWrapperSetting: ChatWrapperSettings, segmentType: ChatModelSegmentType): StandardizedChatWrapperSettingsSegment | undefined;
export type StandardizedChatWrapperSettingsSegment = {
    readonly prefix?: string | LlamaText;
    readonly suffix?: string | LlamaText;
};

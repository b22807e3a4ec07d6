import { ChatHistoryItem } from "../../../types.js";
export declare function squashChatHistoryItems(history: readonly ChatHistoryItem[]): ChatHistoryItem[];

import { ChatWrapper } from "../ChatWrapper.js";
export declare class EmptyChatWrapper extends ChatWrapper {
    readonly wrapperName: string;
}

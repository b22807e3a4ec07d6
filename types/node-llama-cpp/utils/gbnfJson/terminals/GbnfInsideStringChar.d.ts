import { GbnfTerminal } from "../GbnfTerminal.js";
export declare class GbnfInsideStringChar extends GbnfTerminal {
    getGrammar(): string;
    protected getRuleName(): string;
}

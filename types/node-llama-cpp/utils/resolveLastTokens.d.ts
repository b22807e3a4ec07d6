import { Token } from "../types.js";
export declare function resolveLastTokens(tokenArrays: Token[][], maxTokens?: number): Token[];

import { Token } from "../types.js";
export declare function compareTokens(token1?: Token, token2?: Token): boolean;

import { Token } from "../types.js";
export declare function isToken(token: any): token is Token;

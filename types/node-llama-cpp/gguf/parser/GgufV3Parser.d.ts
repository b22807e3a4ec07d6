import { GgufV2Parser } from "./GgufV2Parser.js";
export declare class GgufV3Parser extends GgufV2Parser {
}

import { GbnfJsonSchema } from "./gbnfJson/types.js";
export declare function getTypeScriptTypeStringForGbnfJsonSchema(schema: GbnfJsonSchema): string;

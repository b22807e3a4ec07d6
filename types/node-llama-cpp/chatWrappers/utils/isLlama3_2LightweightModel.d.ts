import { ChatWrapperCheckModelCompatibilityParams } from "../../types.js";
export declare function isLlama3_2LightweightModel(options: ChatWrapperCheckModelCompatibilityParams): boolean;

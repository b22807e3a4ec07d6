import { ResolveModelDestination } from "../../utils/resolveModelDestination.js";
export declare function printModelDestination(modelDestination: ResolveModelDestination): void;

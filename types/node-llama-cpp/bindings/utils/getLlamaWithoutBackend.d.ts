import { Llama } from "../Llama.js";
/**
 * This is used to access various methods in the addon side without actually using a backend
 */
export declare function getLlamaWithoutBackend(): Promise<Llama>;

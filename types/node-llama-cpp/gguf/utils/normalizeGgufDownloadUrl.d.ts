import { ModelDownloadEndpoints } from "../../utils/modelDownloadEndpoints.js";
export declare function normalizeGgufDownloadUrl(url: string, endpoints?: ModelDownloadEndpoints): string;

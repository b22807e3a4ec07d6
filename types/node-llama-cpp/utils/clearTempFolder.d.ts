export declare function clearTempFolder(): Promise<void>;

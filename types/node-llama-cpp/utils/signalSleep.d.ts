export declare function signalSleep(delay: number, abortSignal?: AbortSignal): Promise<void>;

export declare function withAbortSignal<T>(signal: AbortSignal | undefined, promise: Promise<T>): Promise<T>;

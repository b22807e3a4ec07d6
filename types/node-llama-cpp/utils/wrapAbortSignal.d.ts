export declare function wrapAbortSignal(abortSignal?: AbortSignal): [controller: AbortController, dispose: (() => void)];

export declare function getReadableContextSize(contextSize: number): string;

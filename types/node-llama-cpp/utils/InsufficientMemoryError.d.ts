export declare class InsufficientMemoryError extends Error {
    constructor(message?: string);
}

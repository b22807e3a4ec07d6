export declare class InvalidGgufMagicError extends Error {
    constructor(expectedGgufMagic: string, actualGgufMagic: string);
}

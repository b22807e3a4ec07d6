export declare class UnsupportedGgufValueTypeError extends Error {
    readonly ggufValueType: number;
    constructor(ggufValueType: number);
}

export declare class UnsupportedError extends Error {
}

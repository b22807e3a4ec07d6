export declare class NoBinaryFoundError extends Error {
}

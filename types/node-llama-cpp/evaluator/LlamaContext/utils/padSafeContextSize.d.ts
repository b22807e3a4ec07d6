export declare function padSafeContextSize(value: number, padDirection: "up" | "down", padding?: number): number;

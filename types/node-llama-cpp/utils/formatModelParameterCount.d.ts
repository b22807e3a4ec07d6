/**
 * Format a parameter count as compact text, such as `560M`, `2B`, or `2T`.
 * Promotes `950K` to `1M`, `950M` to `1B`, `980B` to `1T`, and `980T` to `1Q`.
 */
export declare function formatModelParameterCount(parameters: number): string;

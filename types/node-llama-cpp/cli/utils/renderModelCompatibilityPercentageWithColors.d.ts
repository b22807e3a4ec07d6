export declare function renderModelCompatibilityPercentageWithColors(percentage: number, { greenBright, green, yellow, yellowBright }?: {
    greenBright?: number;
    green?: number;
    yellow?: number;
    yellowBright?: number;
}): string;

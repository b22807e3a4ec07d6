export declare function scoreLevels(num: number, levels: {
    start: number;
    end?: number;
    points: number;
}[]): number;

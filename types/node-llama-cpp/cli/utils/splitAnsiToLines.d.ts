export declare function splitAnsiToLines(text: string | undefined, width: number, maxRoundToWords?: number): string[];

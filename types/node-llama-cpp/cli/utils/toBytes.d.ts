export declare function toBytes(value: number): string;

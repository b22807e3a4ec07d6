export declare function resolveHeaderFlag(header?: string[] | string): Record<string, string>;

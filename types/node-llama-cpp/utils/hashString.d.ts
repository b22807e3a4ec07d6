export declare function hashString(text: string): Promise<string>;

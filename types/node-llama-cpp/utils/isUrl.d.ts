export declare function isUrl(text: string, throwOnInvalidUrl?: boolean): boolean;

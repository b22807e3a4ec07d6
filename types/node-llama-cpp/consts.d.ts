export declare const maxRecentDetokenizerTokens = 3;
export declare const UNKNOWN_UNICODE_CHAR = "\uFFFD";
export declare const clockChar: string;
export declare const arrowChar: string;

export declare function resolveBinarySplitGgufPartUrls(ggufUrl: string): string | string[];
export declare function getFilenameForBinarySplitGgufPartUrls(urls: string[]): string | undefined;

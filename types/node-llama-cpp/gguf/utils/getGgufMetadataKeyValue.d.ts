export declare function getGgufMetadataKeyValue(metadata: Record<string, any>, key: string): any;

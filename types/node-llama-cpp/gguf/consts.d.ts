import retry from "async-retry";
export declare const ggufDefaultFetchRetryOptions: retry.Options;
export declare const defaultExtraAllocationSize: number;
export declare const noDirectSubNestingGGufMetadataKeys: readonly string[];

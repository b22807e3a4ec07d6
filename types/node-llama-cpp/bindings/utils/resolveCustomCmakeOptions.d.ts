export declare function resolveCustomCmakeOptions(customCmakeOptions?: Record<string, string>): Map<string, string>;

export declare function getModuleVersion(): Promise<string>;

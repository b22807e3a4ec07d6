export declare function getCanUsePrebuiltBinaries(): Promise<boolean>;

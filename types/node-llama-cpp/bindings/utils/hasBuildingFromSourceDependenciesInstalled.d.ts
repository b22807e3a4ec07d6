export declare function hasBuildingFromSourceDependenciesInstalled(): Promise<boolean>;
export declare function hasGit(): Promise<boolean>;
export declare function hasNpm(): Promise<boolean>;

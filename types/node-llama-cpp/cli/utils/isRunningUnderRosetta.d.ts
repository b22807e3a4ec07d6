export declare function isRunningUnderRosetta(): Promise<boolean>;

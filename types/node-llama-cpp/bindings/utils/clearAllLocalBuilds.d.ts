export declare function clearAllLocalBuilds(waitForLocks?: boolean): Promise<void>;

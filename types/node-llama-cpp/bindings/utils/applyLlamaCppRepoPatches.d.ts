export declare function hasLlamaCppRepoPatchesToApply(): boolean;
export declare function applyLlamaCppRepoPatches(lastCommitDate?: Date, throwOnError?: boolean, progressLogs?: boolean | "stderr"): Promise<void>;

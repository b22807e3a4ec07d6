type BinariesGithubReleaseFile = {
    release: "latest" | string;
};
export declare function getBinariesGithubRelease(): Promise<string>;
export declare function setBinariesGithubRelease(release: BinariesGithubReleaseFile["release"]): Promise<void>;
export declare const builtinLlamaCppRelease: string;
export declare const defaultLlamaCppRelease: string;
export {};

export declare function resolveGithubRelease(githubOwner: string, githubRepo: string, release: string): Promise<{
    tag: string;
    date: Date;
}>;
export declare function isGithubReleaseNeedsResolving(release: string): release is "latest";

type GitHubApiVersion = "2022-11-28" | (string & {});
type GitHubClientOptions = {
    token?: string;
    /**
     * GitHub REST API base URL.
     *
     * Defaults to `https://api.github.com`.
     */
    apiBase?: string;
    /**
     * GitHub REST API version header.
     *
     * Defaults to `"2022-11-28"`.
     */
    apiVersion?: GitHubApiVersion;
    userAgent?: string;
    /**
     * When the API ratelimit is exceeded, retry with a GitHub token if one is found
     * in the environment variables (`GITHUB_TOKEN` or `GH_TOKEN`).
     *
     * Defaults to `true`.
     */
    retryWithToken?: boolean;
};
export type GitHubRelease = {
    url: string;
    "html_url": string;
    "assets_url": string;
    "upload_url": string;
    id: number;
    "node_id": string;
    "tag_name": string;
    "target_commitish": string;
    name: string | null;
    body: string | null;
    draft: boolean;
    prerelease: boolean;
    "created_at": string;
    "published_at": string | null;
    author: GitHubUser | null;
    assets: GitHubReleaseAsset[];
    "tarball_url": string | null;
    "zipball_url": string | null;
};
export type GitHubUser = {
    login: string;
    id: number;
    "node_id": string;
    "avatar_url": string;
    "html_url": string;
    type: string;
    "site_admin": boolean;
};
export type GitHubReleaseAsset = {
    url: string;
    id: number;
    "node_id": string;
    name: string;
    label: string | null;
    "content_type": string;
    state: string;
    size: number;
    "download_count": number;
    "browser_download_url": string;
    "created_at": string;
    "updated_at": string;
    uploader: GitHubUser | null;
};
export type GitHubApiError = Error & {
    status: number;
    url: string;
    bodyText?: string;
    headers?: Record<string, string>;
};
export type GitHubPullRequestStatus = {
    merged: boolean;
    mergeable: true | false | null;
    merged_at: string | null;
};
export declare class GitHubClient {
    private readonly _clientOptions;
    constructor(clientOptions?: GitHubClientOptions);
    getLatestRelease({ owner, repo }: {
        owner: string;
        repo: string;
    }): Promise<GitHubRelease>;
    getReleaseByTag({ owner, repo, tag }: {
        owner: string;
        repo: string;
        tag: string;
    }): Promise<GitHubRelease>;
    getPullRequestStatus({ owner, repo, id }: {
        owner: string;
        repo: string;
        id: string;
    }): Promise<GitHubPullRequestStatus>;
    private _fetchJson;
    private _getApiBase;
}
export {};

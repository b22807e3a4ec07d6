/**
 * What the MCP connection uses of OAuth: `createOAuthFetch` for an HTTP server (loaded with the
 * SDK only when an HTTP server is configured).
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import type { McpOAuthConfig } from "./config.js";
import { oauthFetch } from "./fetch.js";
import { OAuthSession } from "./session.js";
import type { SignInUi } from "./session.js";

export { SignInNeededError, isSignInNeeded, loginCommand } from "./errors.js";
export type { McpOAuthConfig } from "./config.js";
export type { SignInStatus, SignInUi } from "./session.js";
export { OAuthSession } from "./session.js";

export const DEFAULT_OAUTH: McpOAuthConfig = { grant: "authorization_code" };

export async function createOAuthSession(server: string, url: string, config: McpOAuthConfig | undefined, ui?: SignInUi): Promise<OAuthSession> {
  const sdk = await import("@modelcontextprotocol/client");
  return new OAuthSession(sdk, server, url, config ?? DEFAULT_OAUTH, ui);
}

export async function createOAuthFetch(session: OAuthSession, interactive: boolean, base?: FetchLike): Promise<FetchLike> {
  const sdk = await import("@modelcontextprotocol/client");
  return oauthFetch(sdk, session, { interactive, ...(base !== undefined && { base }) });
}

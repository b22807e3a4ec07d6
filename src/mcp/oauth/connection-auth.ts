/**
 * The OAuth side of one HTTP connection: a session made once per server, a fresh signed fetch
 * per connection attempt (its step-up budget is per attempt), and the status `mcp list` shows.
 * A server configured with its own `Authorization` header is left alone.
 */
import type { McpHttpServerConfig } from "../config.js";
import type { McpAuthStatus } from "../status.js";
import { isSignInNeeded } from "./errors.js";
import type { HttpFetch } from "../link.js";
import type { OAuthSession, SignInUi } from "./session.js";

export interface ConnectionAuth {
  fetchFn(): Promise<HttpFetch | undefined>;
  status(): McpAuthStatus | undefined;
}

export async function signedFetch(config: McpHttpServerConfig, ui: SignInUi | undefined): Promise<ConnectionAuth> {
  const own = Object.keys(config.headers ?? {}).some((h) => h.toLowerCase() === "authorization");
  if (own) return { fetchFn: () => Promise.resolve(undefined), status: () => undefined };
  const { createOAuthFetch, createOAuthSession } = await import("./index.js");
  const session: OAuthSession = await createOAuthSession(config.name, config.url, config.oauth, ui);
  let needsSignIn = false;
  return {
    fetchFn: async () => {
      const inner = await createOAuthFetch(session, ui !== undefined);
      return async (url, init) => {
        try {
          const res = await inner(url, init);
          needsSignIn = false;
          return res;
        } catch (err) {
          if (isSignInNeeded(err)) needsSignIn = true;
          throw err;
        }
      };
    },
    status: () => {
      const s = session.status();
      // A server never asked for a token is not an OAuth server (as far as we know): say nothing.
      if (!s.signedIn && !needsSignIn) return undefined;
      return { ...s, needsSignIn, unattended: session.unattended };
    },
  };
}

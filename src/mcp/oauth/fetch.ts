/**
 * The fetch an OAuth-capable HTTP transport uses: adds the bearer token, refreshes it before
 * expiry, answers a 401 by re-authorizing once (after reading the protected-resource metadata
 * again: the server may have moved to another authorization server, SEP-2352) and a 403 `insufficient_scope` by stepping up
 * (a bounded number of times), and turns "no way to get a token" into SignInNeededError
 * instead of a status code the transport would mistake for "no Streamable HTTP here".
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { SignInNeededError } from "./errors.js";
import type { OAuthSession } from "./session.js";

type Sdk = typeof import("@modelcontextprotocol/client");

/** Sign-ins for more scope per connection before quiver stops asking (the spec: a few at most). */
const MAX_STEP_UPS = 2;

export interface OAuthFetchOptions {
  /** May this connection start a browser sign-in (`quiver mcp login`, the conformance client)? */
  interactive: boolean;
  base?: FetchLike;
}

export function oauthFetch(sdk: Sdk, session: OAuthSession, opts: OAuthFetchOptions): FetchLike {
  const next: FetchLike = opts.base ?? ((input, init) => fetch(input, init));
  // Only requests to the resource are DPoP-signed here; the SDK signs token requests itself.
  const resource = session.resourceFetch(next);
  let stepUps = 0;
  const send = (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const token = session.accessToken();
    if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
    return resource(input, { ...init, headers });
  };
  return async (input, init) => {
    await session.ensureFresh(next);
    let res = await send(input, init);
    if (res.status === 401) {
      const { resourceMetadataUrl, scope } = sdk.extractWWWAuthenticateParams(res);
      session.noteChallenge(res.headers.get("www-authenticate"));
      await res.body?.cancel();
      const again = { rediscover: true, ...(resourceMetadataUrl !== undefined && { resourceMetadataUrl }), ...(scope !== undefined && { scope }), fetchFn: next };
      await session.authorize(again, opts.interactive);
      res = await send(input, init);
      if (res.status === 401) {
        await res.body?.cancel();
        throw new SignInNeededError(session.server, "the server refused the new token");
      }
    }
    while (res.status === 403) {
      const challenge = sdk.extractWWWAuthenticateParams(res);
      if (challenge.error !== "insufficient_scope") break;
      await res.body?.cancel();
      const current = session.status().scope;
      const wanted = sdk.computeScopeUnion(current, challenge.scope);
      if (stepUps >= MAX_STEP_UPS) throw new Error(`MCP server "${session.server}" still refuses with insufficient_scope after ${MAX_STEP_UPS} sign-ins for more access (asked for: ${wanted ?? "unspecified"}); not asking again`);
      stepUps++;
      if (wanted !== undefined && !opts.interactive) session.store.requireScope(wanted);
      const force = sdk.isStrictScopeSuperset(wanted, current);
      await session.authorize(
        { ...(challenge.resourceMetadataUrl !== undefined && { resourceMetadataUrl: challenge.resourceMetadataUrl }), ...(wanted !== undefined && { scope: wanted }), force, fetchFn: next },
        opts.interactive,
      );
      res = await send(input, init);
    }
    return res;
  };
}

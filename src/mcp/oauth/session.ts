/**
 * One server's OAuth state in this process: which provider (interactive authorization code, or
 * unattended client_credentials), the token store, and the flows on top of the SDK's `auth()`:
 * refresh before expiry, re-authorization on a 401, step-up on `insufficient_scope`, and the
 * interactive sign-in (loopback redirect on 127.0.0.1, the browser, or the redirect URL pasted).
 */
import type { FetchLike, OAuthClientProvider } from "@modelcontextprotocol/client";
import { openBrowser } from "./browser.js";
import type { Say } from "./browser.js";
import type { McpOAuthConfig } from "./config.js";
import { SignInNeededError } from "./errors.js";
import { startLoopbackRedirect } from "./loopback-redirect.js";
import { withSdkWarningsLogged } from "./sdk-warnings.js";
import type { LoopbackRedirect } from "./loopback-redirect.js";
import { QuiverOAuthProvider } from "./provider.js";
import { TokenStore } from "./token-store.js";
import { unattendedProvider } from "./unattended.js";

type Sdk = typeof import("@modelcontextprotocol/client");

/** A token this close to expiry is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 60_000;
/** How long an interactive sign-in waits for the browser (or a paste). */
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** How an interactive sign-in reaches the user. */
export interface SignInUi {
  say: Say;
  /** Calls `onLine` with each line the user pastes; returns a stop function. */
  pasted?: (onLine: (line: string) => void) => () => void;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export interface AuthorizeOptions {
  resourceMetadataUrl?: URL;
  scope?: string;
  /** Skip the refresh grant (it cannot widen scope): a fresh authorization request. */
  force?: boolean;
  /**
   * Read the protected-resource metadata again instead of trusting what discovery found before:
   * a token the server used to accept was refused, and its authorization server may have moved
   * (SEP-2352). A new issuer gets its own client (registered anew) and tokens, never the old ones.
   */
  rediscover?: boolean;
  fetchFn?: FetchLike;
}

export interface SignInStatus {
  signedIn: boolean;
  /** ms since the epoch; undefined when the server did not say. */
  expiresAt?: number;
  issuer?: string;
  scope?: string;
  refreshable: boolean;
}

export class OAuthSession {
  readonly server: string;
  readonly serverUrl: string;
  readonly store: TokenStore;
  readonly #config: McpOAuthConfig;
  readonly #sdk: Sdk;
  readonly #provider: OAuthClientProvider;
  readonly #ui: SignInUi | undefined;
  #inFlight: Promise<void> | undefined;

  constructor(sdk: Sdk, server: string, serverUrl: string, config: McpOAuthConfig, ui?: SignInUi) {
    this.#sdk = sdk;
    this.server = server;
    this.serverUrl = serverUrl;
    this.#config = config;
    this.#ui = ui;
    this.store = new TokenStore(server, serverUrl);
    this.#provider = config.grant === "authorization_code" ? new QuiverOAuthProvider(sdk, this.store, config) : unattendedProvider(sdk, config, this.store);
  }

  get unattended(): boolean {
    return this.#config.grant !== "authorization_code";
  }

  /**
   * `next` with DPoP for the resource server's requests: a DPoP-bound token goes out as
   * `Authorization: DPoP` with a fresh proof, a `use_dpop_nonce` challenge is answered once with
   * the server's nonce (the SDK's `withDpopFromProvider`); Bearer tokens pass through untouched.
   */
  resourceFetch(next: FetchLike): FetchLike {
    return this.#provider instanceof QuiverOAuthProvider ? this.#sdk.withDpopFromProvider(this.#provider)(next) : next;
  }

  /** What a 401 from the resource server tells us beyond "sign in": that it wants DPoP. */
  noteChallenge(wwwAuthenticate: string | null): void {
    if (wwwAuthenticate !== null && /(?:^|,)\s*dpop(?:\s|,|$)/i.test(wwwAuthenticate) && this.#provider instanceof QuiverOAuthProvider) this.#provider.resourceAsksForDpop();
  }

  accessToken(): string | undefined {
    return this.store.entry()?.tokens?.access_token;
  }

  status(): SignInStatus {
    const record = this.store.read();
    const entry = record.current !== undefined ? record.entries[record.current] : undefined;
    const tokens = entry?.tokens;
    const status: SignInStatus = { signedIn: tokens !== undefined, refreshable: tokens?.refresh_token !== undefined };
    if (entry?.expiresAt !== undefined) status.expiresAt = entry.expiresAt;
    if (record.current !== undefined && record.current !== "") status.issuer = record.current;
    if (tokens?.scope !== undefined) status.scope = tokens.scope;
    return status;
  }

  /** Refreshes a token about to expire (or fetches a client_credentials one); never starts a browser sign-in. */
  async ensureFresh(fetchFn?: FetchLike): Promise<void> {
    const entry = this.store.entry();
    if (entry?.tokens === undefined) {
      if (this.unattended) await this.authorize({ ...(fetchFn !== undefined && { fetchFn }) }, false);
      return;
    }
    if (entry.expiresAt === undefined) return;
    // A token shorter-lived than the margin is refreshed in its second half, not on every request.
    const margin = Math.min(REFRESH_MARGIN_MS, (entry.expiresAt - (entry.savedAt ?? entry.expiresAt)) / 2);
    if (entry.expiresAt - Date.now() > margin) return;
    if (entry.tokens.refresh_token === undefined && !this.unattended) return; // sent as is; a 401 says sign in
    try {
      await this.authorize({ ...(fetchFn !== undefined && { fetchFn }) }, false);
    } catch (err) {
      // A refresh that failed early costs nothing while the old token still works.
      if (entry.expiresAt <= Date.now()) throw err;
    }
  }

  /**
   * Gets a usable token: refresh or client_credentials when possible, else the interactive
   * sign-in when `interactive` and a UI exists, else SignInNeededError. Concurrent callers share one run.
   */
  authorize(opts: AuthorizeOptions, interactive: boolean): Promise<void> {
    this.#inFlight ??= this.#authorize(opts, interactive).finally(() => (this.#inFlight = undefined));
    return this.#inFlight;
  }

  async #authorize(opts: AuthorizeOptions, interactive: boolean): Promise<void> {
    // What the server asks for now, plus what an earlier insufficient_scope asked for.
    const scope = this.#sdk.computeScopeUnion(opts.scope ?? this.#config.scope, this.store.read().requiredScope);
    const base = {
      serverUrl: this.serverUrl,
      ...(opts.resourceMetadataUrl !== undefined && { resourceMetadataUrl: opts.resourceMetadataUrl }),
      ...(scope !== undefined && { scope }),
      ...(opts.fetchFn !== undefined && { fetchFn: opts.fetchFn }),
    };
    const provider = this.#provider;
    // The SDK's client_credentials providers keep no discovery state; they discover every time.
    if (opts.rediscover === true && provider instanceof QuiverOAuthProvider) provider.invalidateCredentials("discovery");
    if (!(provider instanceof QuiverOAuthProvider)) {
      if ((await withSdkWarningsLogged(() => this.#sdk.auth(provider, base))) !== "AUTHORIZED") throw new Error(`the authorization server of ${this.server} did not issue a ${this.#config.grant} token`);
      return;
    }
    const ui = interactive ? this.#ui : undefined;
    if (ui === undefined) {
      if (opts.force === true) throw new SignInNeededError(this.server, `it asks for more access${scope !== undefined ? `: ${scope}` : ""}`, scope);
      if (this.store.entry()?.tokens?.refresh_token === undefined) throw new SignInNeededError(this.server, this.store.entry()?.tokens === undefined ? "not signed in" : "the token expired");
      provider.unattended();
      if ((await withSdkWarningsLogged(() => this.#sdk.auth(provider, base))) !== "AUTHORIZED") throw new SignInNeededError(this.server, "the token expired");
      return;
    }
    await this.#interactive(provider, ui, { ...base, ...(opts.force === true && { forceReauthorization: true }) });
  }

  async #interactive(provider: QuiverOAuthProvider, ui: SignInUi, options: Parameters<Sdk["auth"]>[1]): Promise<void> {
    const loop = await this.#listen(provider);
    const stopPaste = ui.pasted?.((line) => {
      if (line.trim() === "") return;
      try {
        loop.accept(line);
      } catch (err) {
        ui.say((err as Error).message);
      }
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      provider.interactive(loop.url, (url) => {
        openBrowser(url.href, ui.say, ui.env);
        if (ui.pasted !== undefined) ui.say("Waiting for the browser… (or paste the whole URL it ends on here and press Enter)");
        return Promise.resolve();
      });
      if ((await withSdkWarningsLogged(() => this.#sdk.auth(provider, options))) === "AUTHORIZED") return;
      const timeoutMs = ui.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no sign-in within ${Math.round(timeoutMs / 1000)} s; run \`quiver mcp login ${this.server}\` again`)), timeoutMs);
      });
      const response = await Promise.race([loop.response, timeout]);
      const result = await withSdkWarningsLogged(() => this.#sdk.auth(provider, { ...options, authorizationCode: response.code, ...(response.iss !== undefined && { iss: response.iss }) }));
      if (result !== "AUTHORIZED") throw new Error(`signing in to ${this.server} did not complete (the authorization server asked for another redirect)`);
    } finally {
      clearTimeout(timer);
      stopPaste?.();
      provider.unattended();
      await loop.close();
    }
  }

  /** The configured callback port, else the port the stored client was registered with, else any. */
  async #listen(provider: QuiverOAuthProvider): Promise<LoopbackRedirect> {
    const expected = () => provider.expectedState();
    if (this.#config.callbackPort !== undefined) return startLoopbackRedirect(expected, this.#config.callbackPort);
    const client = this.store.entry()?.client;
    const uris = client !== undefined && "redirect_uris" in client && Array.isArray(client.redirect_uris) ? (client.redirect_uris as string[]) : [];
    const port = uris.map((u) => new URL(u)).find((u) => u.hostname === "127.0.0.1")?.port;
    if (port !== undefined && port !== "") {
      try {
        return await startLoopbackRedirect(expected, Number(port));
      } catch {
        // taken: a new port, and the client registers again
      }
    }
    return startLoopbackRedirect(expected, 0);
  }
}

/**
 * quiver's OAuthClientProvider for the authorization-code flow (PKCE S256 and resource
 * indicators are the SDK's `auth()`): tokens and registered clients persist in the TokenStore;
 * client identity is, in order, the pre-registered `oauth.clientId`, the client ID metadata
 * document (`oauth.clientMetadataUrl`, used by the SDK when the server supports it), then
 * dynamic registration. With DPoP (`dpop()`), the SDK binds tokens to quiver's key at the token
 * endpoint and signs each request to the server with it.
 */
import { randomBytes } from "node:crypto";
import type {
  DpopSession,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { McpOAuthConfig } from "./config.js";
import { chooseAlg, loadDpopSession } from "./dpop-key.js";
import { SignInNeededError } from "./errors.js";
import type { TokenStore } from "./token-store.js";

/** What the provider does with the authorization URL: open it for the user, or (unattended) refuse. */
export type PresentAuthorization = (url: URL) => Promise<void>;

type Sdk = typeof import("@modelcontextprotocol/client");

/** A redirect URI for registrations made without a listener running (never used to receive a code). */
const PLACEHOLDER_REDIRECT = "http://127.0.0.1/callback";

export class QuiverOAuthProvider implements OAuthClientProvider {
  readonly #store: TokenStore;
  readonly #config: McpOAuthConfig;
  #redirectUrl: string | undefined;
  #present: PresentAuthorization | undefined;
  #verifier: string | undefined;
  #state: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;
  readonly #sdk: Sdk;
  /** The resource server's 401 challenge named the DPoP scheme. */
  #dpopAsked = false;
  #dpop: Promise<DpopSession> | undefined;

  constructor(sdk: Sdk, store: TokenStore, config: McpOAuthConfig) {
    this.#sdk = sdk;
    this.#store = store;
    this.#config = config;
  }

  /** The resource server challenged with the DPoP scheme: its tokens should be DPoP-bound. */
  resourceAsksForDpop(): void {
    this.#dpopAsked = true;
  }

  /**
   * The DPoP session the SDK signs token requests and resource requests with, or undefined for
   * Bearer tokens: tokens already bound to our key stay bound; otherwise DPoP is used when the
   * config says so, or when the resource asks for it and the authorization server supports it.
   */
  dpop(): Promise<DpopSession> | undefined {
    if (this.#config.dpop === false) return undefined;
    const bound = this.#store.entry()?.tokens?.token_type?.toLowerCase() === "dpop";
    // RFC 9449 §5.1 adds the field to RFC 8414 metadata; OpenID discovery documents carry it too.
    const metadata = this.#discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: string[] } | undefined;
    const advertised = metadata?.dpop_signing_alg_values_supported;
    const asked = this.#dpopAsked || this.#discovery?.resourceMetadata?.dpop_bound_access_tokens_required === true;
    if (!bound && this.#config.dpop !== true && !(asked && advertised !== undefined && advertised.length > 0)) return undefined;
    const alg = this.#store.dpopKey()?.alg ?? chooseAlg(advertised);
    if (alg === undefined) return undefined; // none of the server's algorithms is one we sign with
    this.#dpop ??= loadDpopSession(this.#sdk, this.#store, alg);
    return this.#dpop;
  }

  /** Arms an interactive sign-in: the loopback URL to redirect to and how to show the user the way. */
  interactive(redirectUrl: string, present: PresentAuthorization): void {
    this.#redirectUrl = redirectUrl;
    this.#present = present;
  }

  unattended(): void {
    this.#present = undefined;
  }

  get redirectUrl(): string {
    return this.#redirectUrl ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadataUrl(): string | undefined {
    return this.#config.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const metadata: OAuthClientMetadata = {
      client_name: "quiver",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.#config.clientSecret !== undefined ? "client_secret_basic" : "none",
    };
    if (this.#config.scope !== undefined) metadata.scope = this.#config.scope;
    return metadata;
  }

  state(): string {
    this.#state = randomBytes(24).toString("base64url");
    return this.#state;
  }

  /** The state of the authorization request in flight, which the redirect must echo. */
  expectedState(): string | undefined {
    return this.#state;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret, issuer } = this.#config;
    if (clientId !== undefined) {
      return { client_id: clientId, ...(clientSecret !== undefined && { client_secret: clientSecret }), ...(issuer !== undefined && { issuer }) };
    }
    const client = this.#store.entry(ctx?.issuer)?.client;
    // A client registered for another redirect (an earlier port) would be refused at the callback.
    const uris = client !== undefined && "redirect_uris" in client ? (client.redirect_uris as unknown) : undefined;
    if (this.#redirectUrl !== undefined && Array.isArray(uris) && !uris.includes(this.#redirectUrl)) return undefined;
    return client;
  }

  saveClientInformation(client: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): void {
    this.#store.saveClient(client, ctx?.issuer);
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    return this.#store.entry(ctx?.issuer)?.tokens;
  }

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): void {
    this.#store.saveTokens(tokens, ctx?.issuer);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (this.#present === undefined) throw new SignInNeededError(this.#store.server, "no valid token");
    await this.#present(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error("no PKCE code verifier: the sign-in was not started by this process");
    return this.#verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier") this.#verifier = undefined;
    else if (scope === "discovery") this.#discovery = undefined;
    else {
      if (scope === "all") this.#discovery = undefined;
      // A pre-registered client is the user's configuration, not ours to forget.
      if (scope !== "client" || this.#config.clientId === undefined) this.#store.invalidate(scope);
    }
  }
}

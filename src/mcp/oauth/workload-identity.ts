/**
 * Workload identity federation (SEP-1933): a workload that already holds a JWT from its platform
 * (a Kubernetes service-account token, a CI job's OIDC token) trades it for the server's access
 * token with the RFC 7523 JWT-bearer grant: no browser, no client secret. The token is read anew
 * for every request (platforms rotate the file), and one the authorization server refused is
 * never sent again: retrying the same assertion cannot succeed, and hammering the server would
 * not help. Errors surface as they are, and no other grant is tried instead.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthTokens } from "@modelcontextprotocol/client";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface WorkloadIdentityOptions {
  clientId: string;
  clientSecret?: string;
  /** The workload's JWT itself (usually `${VAR}`). */
  token?: string;
  /** A file holding it, read for every token request. */
  tokenFile?: string;
  scope?: string;
  expectedIssuer?: string;
}

export class WorkloadIdentityProvider implements OAuthClientProvider {
  readonly #options: WorkloadIdentityOptions;
  #tokens: OAuthTokens | undefined;
  /** The assertion of the token request in flight; cleared when a token comes back. */
  #pending: string | undefined;
  readonly #refused = new Set<string>();

  constructor(options: WorkloadIdentityOptions) {
    this.#options = options;
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const method = this.#options.clientSecret !== undefined ? "client_secret_basic" : "none";
    return { client_name: "quiver", redirect_uris: [], grant_types: [JWT_BEARER], token_endpoint_auth_method: method };
  }

  clientInformation(): OAuthClientInformationMixed {
    const { clientId, clientSecret, expectedIssuer } = this.#options;
    return { client_id: clientId, ...(clientSecret !== undefined && { client_secret: clientSecret }), ...(expectedIssuer !== undefined && { issuer: expectedIssuer }) };
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
    this.#pending = undefined;
  }

  redirectToAuthorization(): void {
    throw new Error("workload identity never signs in through a browser");
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error("workload identity has no PKCE verifier");
  }

  /** The SDK calls this only when the authorization server refused the grant (invalid_grant, invalid_client, …). */
  invalidateCredentials(): void {
    if (this.#pending !== undefined) this.#refused.add(this.#pending);
    this.#pending = undefined;
    this.#tokens = undefined;
  }

  prepareTokenRequest(scope?: string): URLSearchParams {
    const assertion = this.#assertion();
    if (this.#refused.has(assertion)) {
      throw new Error("the authorization server refused this workload identity token (its audience, expiry or signature); not sending it again — provide a fresh one");
    }
    this.#pending = assertion;
    const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion });
    const wanted = scope ?? this.#options.scope;
    if (wanted !== undefined) params.set("scope", wanted);
    return params;
  }

  #assertion(): string {
    const { token, tokenFile } = this.#options;
    if (token !== undefined) return token.trim();
    const path = tokenFile === "~" || tokenFile?.startsWith("~/") === true ? homedir() + tokenFile.slice(1) : (tokenFile as string);
    try {
      return readFileSync(path, "utf8").trim();
    } catch (err) {
      throw new Error(`oauth.workloadIdentity.tokenFile: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
}

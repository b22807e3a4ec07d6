/**
 * Unattended sign-in: `client_credentials` on the SDK's own providers — a client secret
 * (`ClientCredentialsProvider`), `private_key_jwt` (`PrivateKeyJwtProvider`) or cross-app access
 * (`CrossAppAccessProvider`: the IdP's ID token exchanged for an ID-JAG) — or the JWT-bearer
 * grant with the workload's own token (workload-identity.ts). Their tokens are kept in the
 * TokenStore instead of memory, so a restart does not fetch a new one.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import type { OAuthClientProvider, StoredOAuthTokens } from "@modelcontextprotocol/client";
import type { McpOAuthConfig } from "./config.js";
import type { TokenStore } from "./token-store.js";
import { WorkloadIdentityProvider } from "./workload-identity.js";

type Sdk = typeof import("@modelcontextprotocol/client");

export function unattendedProvider(sdk: Sdk, config: McpOAuthConfig, store: TokenStore): OAuthClientProvider {
  const clientId = config.clientId as string;
  const common = { clientId, clientName: "quiver", ...(config.scope !== undefined && { scope: config.scope }), ...(config.issuer !== undefined && { expectedIssuer: config.issuer }) };
  let inner: OAuthClientProvider;
  if (config.grant === "jwt_bearer") {
    inner = new WorkloadIdentityProvider({ ...common, ...config.workloadIdentity, ...(config.clientSecret !== undefined && { clientSecret: config.clientSecret }) });
  } else if (config.idp !== undefined) {
    const idp = config.idp;
    inner = new sdk.CrossAppAccessProvider({
      ...common,
      clientSecret: config.clientSecret ?? "",
      assertion: async (ctx) => {
        const grant = await sdk.requestJwtAuthorizationGrant({
          tokenEndpoint: idp.tokenEndpoint,
          audience: ctx.authorizationServerUrl,
          resource: ctx.resourceUrl,
          idToken: idp.idToken,
          clientId: idp.clientId,
          ...(idp.clientSecret !== undefined && { clientSecret: idp.clientSecret }),
          ...(ctx.scope !== undefined && { scope: ctx.scope }),
          fetchFn: ctx.fetchFn,
        });
        return grant.jwtAuthGrant;
      },
    });
  } else if (config.privateKey !== undefined) {
    inner = new sdk.PrivateKeyJwtProvider({ ...common, privateKey: readKey(config.privateKey), algorithm: config.algorithm ?? "RS256" });
  } else {
    inner = new sdk.ClientCredentialsProvider({ ...common, clientSecret: config.clientSecret as string });
  }
  return persisted(inner, store);
}

/** PEM text as given, or the file it names. */
function readKey(value: string): string {
  if (value.includes("-----BEGIN")) return value;
  const path = value === "~" || value.startsWith("~/") ? homedir() + value.slice(1) : value;
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`oauth.privateKey: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)}); give PEM text or a readable file`);
  }
}

/** The SDK provider with its token slot moved to disk; everything else is the provider's own. */
function persisted(inner: OAuthClientProvider, store: TokenStore): OAuthClientProvider {
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === "tokens") return () => store.entry()?.tokens;
      if (prop === "saveTokens") {
        return (tokens: StoredOAuthTokens) => {
          store.saveTokens(tokens);
          void target.saveTokens(tokens);
        };
      }
      if (prop === "invalidateCredentials") {
        return (scope: Parameters<NonNullable<OAuthClientProvider["invalidateCredentials"]>>[0]) => {
          store.invalidate("tokens");
          void target.invalidateCredentials?.(scope);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

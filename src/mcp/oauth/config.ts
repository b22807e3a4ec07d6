/**
 * `mcp.servers.<name>.oauth`: how quiver signs in to an OAuth-protected HTTP server. Every key is
 * optional: with none, quiver discovers the authorization server and registers itself.
 */
import { z } from "zod";

export interface McpOAuthIdpConfig {
  /** The enterprise identity provider's issuer URL. */
  issuer: string;
  tokenEndpoint: string;
  /** quiver's client id at the identity provider. */
  clientId: string;
  clientSecret?: string;
  /** The user's ID token from that provider (usually `${VAR}`). */
  idToken: string;
}

/** A workload's own JWT, for the RFC 7523 JWT-bearer grant (workload identity federation). */
export interface McpWorkloadIdentityConfig {
  token?: string;
  /** Read for every token request, since platforms rotate it. */
  tokenFile?: string;
}

export interface McpOAuthConfig {
  /** Pre-registered client id (first choice of client identity). */
  clientId?: string;
  clientSecret?: string;
  /** A client ID metadata document URL (https), used when the server supports them. */
  clientMetadataUrl?: string;
  /**
   * `client_credentials`: unattended, no browser; implied by `privateKey` or `idp`.
   * `jwt_bearer`: unattended, the workload's own JWT traded for a token; implied by `workloadIdentity`.
   */
  grant: "authorization_code" | "client_credentials" | "jwt_bearer";
  workloadIdentity?: McpWorkloadIdentityConfig;
  /** PEM text or a path to a PEM file, for `private_key_jwt`. */
  privateKey?: string;
  algorithm?: string;
  /** Cross-app access (ID-JAG): an ID token from this IdP is exchanged for the server's token. */
  idp?: McpOAuthIdpConfig;
  /** Scopes to ask for (default: what the server says it needs). */
  scope?: string;
  /** The authorization server credentials are bound to (checked against discovery). */
  issuer?: string;
  /** Fixed port of the 127.0.0.1 redirect, for a client pre-registered with that redirect URI. */
  callbackPort?: number;
  /**
   * DPoP-bound tokens (RFC 9449): true asks for them always, false never; unset, when the server
   * asks for them (its 401 challenge names DPoP, or its metadata requires bound tokens) and the
   * authorization server supports them.
   */
  dpop?: boolean;
}

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** `${VAR}` from quiver's environment, so secrets stay out of config.yaml; an unset variable is an error. */
const expanded = z.string().transform((value, ctx) => {
  const missing = [...value.matchAll(ENV_REF)].map((m) => m[1] as string).find((ref) => process.env[ref] === undefined);
  if (missing !== undefined) {
    ctx.addIssue({ code: "custom", message: `uses \${${missing}}, which is not set in the environment` });
    return z.NEVER;
  }
  return value.replace(ENV_REF, (_, ref: string) => process.env[ref] as string);
});

const httpsOrLoopback = z.url({ protocol: /^https?$/ });

export const oauthSchema = z
  .strictObject({
    clientId: expanded.optional(),
    clientSecret: expanded.optional(),
    clientMetadataUrl: z.url({ protocol: /^https$/, error: "expected an https:// URL of a client ID metadata document" }).optional(),
    grant: z.enum(["authorization_code", "client_credentials", "jwt_bearer"]).optional(),
    workloadIdentity: z
      .strictObject({ token: expanded.optional(), tokenFile: z.string().min(1).optional() })
      .refine((w) => (w.token === undefined) !== (w.tokenFile === undefined), "give exactly one of token and tokenFile")
      .optional(),
    privateKey: expanded.optional(),
    algorithm: z.string().min(1).optional(),
    idp: z
      .strictObject({
        issuer: httpsOrLoopback,
        tokenEndpoint: httpsOrLoopback,
        clientId: expanded,
        clientSecret: expanded.optional(),
        idToken: expanded,
      })
      .optional(),
    scope: z.string().min(1).optional(),
    issuer: httpsOrLoopback.optional(),
    callbackPort: z.number().int().min(1).max(65535).optional(),
    dpop: z.boolean().optional(),
  })
  .transform((v, ctx): McpOAuthConfig => {
    const grant = v.grant ?? (v.workloadIdentity !== undefined ? "jwt_bearer" : v.privateKey !== undefined || v.idp !== undefined ? "client_credentials" : "authorization_code");
    if (grant === "jwt_bearer" && (v.clientId === undefined || v.workloadIdentity === undefined)) {
      ctx.addIssue({ code: "custom", message: "jwt_bearer needs clientId and workloadIdentity (token or tokenFile)" });
      return z.NEVER;
    }
    if (grant === "client_credentials" && v.clientId === undefined) {
      ctx.addIssue({ code: "custom", message: "client_credentials needs clientId (with clientSecret, privateKey or idp)" });
      return z.NEVER;
    }
    if (grant === "client_credentials" && v.privateKey === undefined && v.clientSecret === undefined) {
      ctx.addIssue({ code: "custom", message: "client_credentials needs clientSecret or privateKey" });
      return z.NEVER;
    }
    const out: McpOAuthConfig = { grant };
    for (const key of ["clientId", "clientSecret", "clientMetadataUrl", "privateKey", "algorithm", "scope", "issuer", "callbackPort", "idp", "dpop", "workloadIdentity"] as const) {
      if (v[key] !== undefined) Object.assign(out, { [key]: v[key] });
    }
    return out;
  });

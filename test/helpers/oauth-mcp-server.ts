/**
 * An OAuth-protected MCP server on 127.0.0.1 for tests: the 1.x SDK's `mcpAuthRouter` (metadata,
 * dynamic registration, authorize, token with PKCE checked) over an in-memory provider that
 * approves every authorization at once (the "user" always consents), `requireBearerAuth` on /mcp
 * (a 401 with `WWW-Authenticate: Bearer resource_metadata=…`), and one tool, `whoami`.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";

export interface OAuthMcpServer {
  url: string;
  issuer: string;
  /** Grants seen at the token endpoint, in order (`authorization_code`, `refresh_token`). */
  grants: string[];
  /** Authorization requests (query parameters) seen at /authorize. */
  authorizations: URLSearchParams[];
  /** Access tokens the MCP endpoint accepted. */
  accepted: string[];
  /** Makes every access token issued so far invalid (the next MCP request gets a 401). */
  revokeAccessTokens(): void;
  /** Access and refresh tokens: only a new sign-in helps. */
  revokeAll(): void;
  close(): Promise<void>;
}

export interface OAuthMcpServerOptions {
  /** Lifetime of issued access tokens, in seconds (default 3600). */
  expiresInS?: number;
  /** A scope `tools/call` needs: without it, 403 `insufficient_scope` (step-up). */
  toolScope?: string;
}

/** The little of express used here (it ships no types and @types/express is not a dependency). */
interface Req {
  path: string;
  url: string;
  body: unknown;
  auth?: AuthInfo;
}
interface Res {
  on(event: "close", listener: () => void): void;
  status(code: number): { end(): void };
}
type Handler = (req: Req, res: Res, next: () => void) => void;
interface App {
  use(handler: unknown): void;
  post(path: string, ...handlers: unknown[]): void;
  get(path: string, ...handlers: unknown[]): void;
  listen(port: number, host: string, ready: () => void): Server;
}
type Express = (() => App) & { json(): Handler };
const express = createRequire(import.meta.url)("express") as Express;

class Clients implements OAuthRegisteredClientsStore {
  readonly #clients = new Map<string, OAuthClientInformationFull>();
  getClient(id: string): OAuthClientInformationFull | undefined {
    return this.#clients.get(id);
  }
  registerClient(client: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at">): OAuthClientInformationFull {
    const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
    this.#clients.set(full.client_id, full);
    return full;
  }
}

export async function startOAuthMcpServer(opts: OAuthMcpServerOptions = {}): Promise<OAuthMcpServer> {
  const expiresIn = opts.expiresInS ?? 3600;
  const codes = new Map<string, { client: string; params: AuthorizationParams }>();
  const access = new Map<string, AuthInfo>();
  const refresh = new Map<string, string>();
  const grants: string[] = [];
  const authorizations: URLSearchParams[] = [];
  const accepted: string[] = [];
  const issue = (clientId: string, scopes: string[], resource?: URL): OAuthTokens => {
    const token = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    access.set(token, { token, clientId, scopes, expiresAt: Math.floor(Date.now() / 1000) + expiresIn, ...(resource !== undefined && { resource }) });
    refresh.set(refreshToken, clientId);
    return { access_token: token, token_type: "bearer", expires_in: expiresIn, refresh_token: refreshToken, scope: scopes.join(" ") };
  };
  const provider: OAuthServerProvider = {
    clientsStore: new Clients(),
    async authorize(client, params, res) {
      const code = randomUUID();
      codes.set(code, { client: client.client_id, params });
      const target = new URL(params.redirectUri);
      target.searchParams.set("code", code);
      if (params.state !== undefined) target.searchParams.set("state", params.state);
      res.redirect(302, target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const entry = codes.get(code);
      if (entry === undefined) throw new InvalidGrantError("unknown authorization code");
      return entry.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const entry = codes.get(code);
      if (entry === undefined || entry.client !== client.client_id) throw new InvalidGrantError("unknown authorization code");
      codes.delete(code);
      grants.push("authorization_code");
      return issue(client.client_id, entry.params.scopes ?? [], entry.params.resource);
    },
    async exchangeRefreshToken(client, refreshToken, scopes, resource) {
      if (refresh.get(refreshToken) !== client.client_id) throw new InvalidGrantError("unknown refresh token");
      refresh.delete(refreshToken);
      grants.push("refresh_token");
      return issue(client.client_id, scopes ?? [], resource);
    },
    async verifyAccessToken(token) {
      const info = access.get(token);
      if (info === undefined) throw new InvalidTokenError("unknown or revoked token");
      return info;
    },
  };

  const app = express();
  app.use(((req, _res, next) => {
    if (req.path === "/authorize") authorizations.push(new URL(req.url, "http://x").searchParams);
    next();
  }) satisfies Handler);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL("/mcp", base);
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl, scopesSupported: ["mcp"] }));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.post("/mcp", express.json(), bearer, async (req: Req & IncomingMessage, res: Res & ServerResponse) => {
    accepted.push(req.auth?.token ?? "");
    const method = (req.body as { method?: unknown } | undefined)?.method;
    if (opts.toolScope !== undefined && method === "tools/call" && req.auth?.scopes.includes(opts.toolScope) !== true) {
      const challenge = `Bearer error="insufficient_scope", scope="mcp ${opts.toolScope}", resource_metadata="${getOAuthProtectedResourceMetadataUrl(mcpUrl)}"`;
      res.writeHead(403, { "www-authenticate": challenge, "content-type": "application/json" }).end(JSON.stringify({ error: "insufficient_scope" }));
      return;
    }
    const mcp = new McpServer({ name: "oauth-fixture", version: "1.0.0" });
    mcp.registerTool("whoami", { description: "Says which client the token belongs to" }, (extra) => ({ content: [{ type: "text", text: `client ${extra.authInfo?.clientId ?? "?"}` }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get("/mcp", bearer, (_req: Req, res: Res) => void res.status(405).end());
  return {
    url: mcpUrl.href,
    issuer: `${base}/`,
    grants,
    authorizations,
    accepted,
    revokeAccessTokens: () => access.clear(),
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

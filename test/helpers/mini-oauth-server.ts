/**
 * A protected 2.x SDK MCP server (2026-07-28 and older) behind hand-rolled authorization servers
 * on 127.0.0.1, for the flows the 1.x SDK's auth router cannot play: a resource whose
 * protected-resource metadata moves to another authorization server (`migrate()`, SEP-2352), and
 * DPoP (RFC 9449): DPoP-bound tokens for a valid proof at the token endpoint, proofs checked on
 * every MCP request, and `use_dpop_nonce` challenges from both servers when `nonce` is set; and
 * the RFC 7523 JWT-bearer grant for a workload token (`workloadToken`).
 * Every authorization is approved at once; everything seen is recorded for the assertions.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, Server, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { checkProof } from "./dpop-proof-check.js";

export interface MiniOAuthOptions {
  /** Issue DPoP-bound tokens for a valid proof, and ask for DPoP at the MCP endpoint. */
  dpop?: boolean;
  /** Both servers answer a proof without their nonce with `use_dpop_nonce`. */
  nonce?: boolean;
  /** The one assertion the JWT-bearer grant accepts (anything else: `invalid_grant`). */
  workloadToken?: string;
}

export interface TokenRequest {
  issuer: string;
  clientId: string;
  grant: string;
  /** Undefined without a DPoP header; else the check's verdict. */
  proof?: string;
  tokenType: string;
  assertion?: string;
}

export interface McpRequest {
  scheme: string;
  proof: string;
}

const AS_NONCE = "as-nonce-1";
const RS_NONCE = "rs-nonce-1";

export async function startMiniOAuthServer(opts: MiniOAuthOptions = {}) {
  const registrations: Array<{ issuer: string; clientId: string }> = [];
  const tokenRequests: TokenRequest[] = [];
  const mcpRequests: McpRequest[] = [];
  const jtis = new Set<string>();
  const tokens = new Map<string, { issuer: string; jkt?: string }>();
  const codes = new Map<string, { issuer: string; clientId: string }>();
  let current = "as1";
  let origin = "";
  const issuer = (as: string) => `${origin}/${as}`;
  const node = toNodeHandler(createMcpHandler(() => mcpServer()));

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers }).end(JSON.stringify(body));
  };

  function metadata(as: string): Record<string, unknown> {
    return {
      issuer: issuer(as),
      authorization_endpoint: `${issuer(as)}/authorize`,
      token_endpoint: `${issuer(as)}/token`,
      registration_endpoint: `${issuer(as)}/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:jwt-bearer"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      ...(opts.dpop === true && { dpop_signing_alg_values_supported: ["ES256"] }),
    };
  }

  function challenge(res: ServerResponse, error?: string): void {
    const scheme = opts.dpop === true ? "DPoP" : "Bearer";
    const extra: Record<string, string> = error === "use_dpop_nonce" ? { "DPoP-Nonce": RS_NONCE } : {};
    const params = `${error !== undefined ? `error="${error}", ` : ""}resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
    json(res, 401, { error: error ?? "invalid_token" }, { "www-authenticate": `${scheme} ${params}`, ...extra });
  }

  /** The MCP endpoint's gate: a current token of the current issuer, presented as that token's binding asks. */
  function admitted(req: IncomingMessage, res: ServerResponse): boolean {
    const [scheme = "", token = ""] = (req.headers.authorization ?? "").split(" ");
    const known = tokens.get(token);
    if (known === undefined || known.issuer !== current) return (challenge(res), false);
    if (known.jkt === undefined) return scheme === "Bearer" || (challenge(res), false);
    const proof = checkProof(req.headers.dpop as string | undefined, { method: "POST", url: `${origin}/mcp`, accessToken: token, ...(opts.nonce === true && { nonce: RS_NONCE }) });
    mcpRequests.push({ scheme, proof: proof.ok ? (jtis.has(proof.jti) ? "replayed" : "ok") : proof.error });
    if (!proof.ok) return (challenge(res, proof.error === "use_dpop_nonce" ? "use_dpop_nonce" : "invalid_dpop_proof"), false);
    if (scheme !== "DPoP" || proof.jkt !== known.jkt || jtis.has(proof.jti)) return (challenge(res, "invalid_token"), false);
    jtis.add(proof.jti);
    return true;
  }

  function token(as: string, req: IncomingMessage, res: ServerResponse, form: URLSearchParams): void {
    const grant = form.get("grant_type") ?? "";
    const code = codes.get(form.get("code") ?? "");
    const clientId = form.get("client_id") ?? "";
    const dpopHeader = req.headers.dpop as string | undefined;
    let jkt: string | undefined;
    let proof: string | undefined;
    if (opts.dpop === true && dpopHeader !== undefined) {
      const check = checkProof(dpopHeader, { method: "POST", url: `${issuer(as)}/token`, ...(opts.nonce === true && { nonce: AS_NONCE }) });
      proof = check.ok ? "ok" : check.error;
      if (!check.ok) {
        tokenRequests.push({ issuer: as, clientId, grant, proof, tokenType: "none" });
        const nonce = check.error === "use_dpop_nonce";
        return json(res, 400, { error: nonce ? "use_dpop_nonce" : "invalid_dpop_proof" }, nonce ? { "DPoP-Nonce": AS_NONCE } : {});
      }
      jkt = check.jkt;
    }
    const assertion = form.get("assertion") ?? undefined;
    if (grant.endsWith(":jwt-bearer") && assertion !== opts.workloadToken) {
      tokenRequests.push({ issuer: as, clientId, grant, tokenType: "none", ...(assertion !== undefined && { assertion }) });
      return json(res, 400, { error: "invalid_grant", error_description: "assertion refused" });
    }
    if (grant === "authorization_code" && (code === undefined || code.issuer !== as || code.clientId !== clientId)) return json(res, 400, { error: "invalid_grant" });
    const access = `tok-${as}-${randomUUID()}`;
    const tokenType = jkt !== undefined ? "DPoP" : "Bearer";
    tokens.set(access, { issuer: as, ...(jkt !== undefined && { jkt }) });
    tokenRequests.push({ issuer: as, clientId, grant, ...(proof !== undefined && { proof }), tokenType, ...(assertion !== undefined && { assertion }) });
    json(res, 200, { access_token: access, token_type: tokenType, expires_in: 3600, refresh_token: `refresh-${access}` });
  }

  async function route(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const [, as, endpoint] = /^\/(as\d)\/(\w+)$/.exec(url.pathname) ?? [];
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") return json(res, 200, { resource: `${origin}/mcp`, authorization_servers: [issuer(current)] });
    const metaFor = /^\/\.well-known\/oauth-authorization-server\/(as\d)$/.exec(url.pathname)?.[1];
    if (metaFor !== undefined) return json(res, 200, metadata(metaFor));
    if (endpoint === "register") {
      const clientId = `${as}-client-${registrations.length + 1}`;
      registrations.push({ issuer: as!, clientId });
      return json(res, 201, { ...(JSON.parse(body) as object), client_id: clientId });
    }
    if (endpoint === "authorize") {
      const code = randomUUID();
      codes.set(code, { issuer: as!, clientId: url.searchParams.get("client_id") ?? "" });
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.search = new URLSearchParams({ code, state: url.searchParams.get("state") ?? "", iss: issuer(as!) }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (endpoint === "token") return token(as!, req, res, new URLSearchParams(body));
    if (url.pathname === "/mcp" && req.method === "POST" && !admitted(req, res)) return;
    if (url.pathname === "/mcp") return node(req, res, body === "" ? undefined : JSON.parse(body));
    res.writeHead(404).end();
  }

  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void route(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.headersSent || res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    registrations,
    tokenRequests,
    mcpRequests,
    /** From now on the resource names `as2` as its authorization server and refuses `as1`'s tokens. */
    migrate: () => void (current = "as2"),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

function mcpServer(): Server {
  const server = new Server({ name: "mini-oauth", version: "1.0.0" }, { capabilities: { tools: {} }, supportedProtocolVersions: ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS] });
  server.setRequestHandler("tools/list", () => ({ tools: [{ name: "whoami", description: "Who is calling", inputSchema: { type: "object", properties: {} } }] }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "you are signed in" }] }));
  return server;
}

/**
 * `quiver mcp login|logout <server>`: sign in to an OAuth-protected MCP server (the browser
 * opened on a 127.0.0.1 redirect, or the redirect URL pasted here), or forget its tokens.
 */
import { createInterface } from "node:readline";
import { configPath, loadConfig } from "../config/config.js";
import type { McpHttpServerConfig } from "../mcp/config.js";
import type { McpAuthStatus } from "../mcp/status.js";
import { ToolRegistry } from "../registry/index.js";
import { CliError, EXIT } from "./exit-codes.js";

/** A sign-in waits this long for the user (the connection's own timeout is far shorter). */
const SIGN_IN_WAIT_MS = 5 * 60_000;

export async function loginMcpServer(name: string): Promise<number> {
  const server = await httpServer(name);
  const { TokenStore } = await import("../mcp/oauth/token-store.js");
  // A new sign-in, even when a token exists: the user may want another account or more access.
  new TokenStore(server.name, server.url).invalidate("tokens");
  const { createMcpManager } = await import("../mcp/client.js");
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const stopPaste: Array<() => void> = [];
  const ui = { say, pasted: readPasted(stopPaste), timeoutMs: SIGN_IN_WAIT_MS };
  const raw = { [server.name]: { ...(await rawEntry(name)), connectTimeout: SIGN_IN_WAIT_MS / 1000 } };
  const manager = await createMcpManager(raw, { registry: new ToolRegistry(), signIn: ui, backoff: { initialMs: 3_600_000, maxMs: 3_600_000 } });
  try {
    await manager.start();
    const status = manager.status().find((s) => s.name === server.name);
    if (status?.state !== "connected") throw new CliError(`Signing in to MCP server "${name}" failed: ${status?.error ?? "unknown error"}`, EXIT.failure);
    process.stdout.write(`Signed in to MCP server "${name}"${describeAuth(status.auth)}.\n`);
    return EXIT.ok;
  } finally {
    for (const stop of stopPaste) stop();
    await manager.close();
  }
}

export async function logoutMcpServer(name: string): Promise<number> {
  const server = await httpServer(name);
  const { TokenStore } = await import("../mcp/oauth/token-store.js");
  const removed = new TokenStore(server.name, server.url).remove();
  process.stdout.write(removed ? `Signed out of MCP server "${name}": its tokens are removed.\n` : `MCP server "${name}" had no stored sign-in.\n`);
  return EXIT.ok;
}

/** `, signed in at <issuer>, token expires <when>` — for login and `mcp list`; never the token. */
export function describeAuth(auth: McpAuthStatus | undefined): string {
  if (auth === undefined || !auth.signedIn) return "";
  const at = auth.issuer !== undefined ? ` at ${auth.issuer}` : "";
  const scope = auth.scope !== undefined ? ` (scope: ${auth.scope})` : "";
  if (auth.expiresAt === undefined) return `${at}${scope}, token without expiry`;
  const when = new Date(auth.expiresAt).toISOString().replace(/\.\d+Z$/, "Z");
  const renew = auth.unattended ? "renewed unattended" : auth.refreshable ? "refreshed automatically" : "sign in again then";
  return `${at}${scope}, token expires ${when} (${renew})`;
}

async function rawEntry(name: string): Promise<Record<string, unknown>> {
  const servers = (await loadConfig()).mcp?.servers ?? {};
  return (servers[name] ?? {}) as Record<string, unknown>;
}

async function httpServer(name: string): Promise<McpHttpServerConfig> {
  const raw = (await loadConfig()).mcp?.servers ?? {};
  if (!Object.hasOwn(raw, name)) throw new CliError(`No MCP server "${name}" in ${configPath()} (configured: ${Object.keys(raw).join(", ") || "none"}).`);
  const { parseMcpServers } = await import("../mcp/config.js");
  const { servers, errors } = parseMcpServers({ [name]: raw[name] });
  const server = servers[0];
  if (server === undefined) throw new CliError(errors[0]?.message ?? `mcp.servers.${name} is invalid`);
  if (server.transport !== "http") throw new CliError(`MCP server "${name}" runs a local command (stdio); only HTTP servers sign in.`);
  return server;
}

/** Lines pasted on stdin (a redirect URL from a browser on another machine). */
function readPasted(stops: Array<() => void>): (onLine: (line: string) => void) => () => void {
  return (onLine) => {
    const rl = createInterface({ input: process.stdin, terminal: false });
    rl.on("line", onLine);
    const stop = () => rl.close();
    stops.push(stop);
    return stop;
  };
}

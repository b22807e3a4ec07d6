/**
 * The entry point the CLI uses: read `mcp.servers` from config.yaml, connect every server and
 * register its tools. Cheap when nothing is configured (no SDK, no zod loaded).
 */
import { loadConfig } from "../config/config.js";
import type { ToolRegistry } from "../registry/index.js";
import type { BackoffOptions } from "./backoff.js";
import { McpManager } from "./manager.js";
import type { SignInUi } from "./oauth/session.js";

export interface ConnectOptions {
  /** Upper bound on how long to wait for servers before returning (default: each server's connectTimeout). */
  waitMs?: number;
  /** The raw `mcp.servers` mapping; read from config.yaml when omitted. */
  servers?: unknown;
  registry?: ToolRegistry;
  backoff?: Partial<BackoffOptions>;
  refreshDebounceMs?: number;
  /** The default MCP root (default: `process.cwd()` at the time a server asks). */
  workingDirectory?: () => string;
  /** How long a call waits for its reconnecting server (default 5 s). */
  reconnectWaitMs?: number;
  /** Lets connections start a browser sign-in (see McpManagerOptions.signIn). */
  signIn?: SignInUi;
}

/** Builds a manager for the given raw `mcp.servers` mapping without connecting. */
export async function createMcpManager(rawServers: unknown, opts: Omit<ConnectOptions, "servers" | "waitMs"> = {}): Promise<McpManager> {
  const managerOpts = {
    ...(opts.registry !== undefined && { registry: opts.registry }),
    ...(opts.backoff !== undefined && { backoff: opts.backoff }),
    ...(opts.refreshDebounceMs !== undefined && { refreshDebounceMs: opts.refreshDebounceMs }),
    ...(opts.workingDirectory !== undefined && { workingDirectory: opts.workingDirectory }),
    ...(opts.reconnectWaitMs !== undefined && { reconnectWaitMs: opts.reconnectWaitMs }),
    ...(opts.signIn !== undefined && { signIn: opts.signIn }),
  };
  if (isEmpty(rawServers)) return new McpManager([], managerOpts);
  const { parseMcpServers } = await import("./config.js");
  const { servers, errors } = parseMcpServers(rawServers);
  return new McpManager(servers, { ...managerOpts, configErrors: errors });
}

/**
 * Connects the servers configured under `mcp.servers` and registers their tools. Resolves once
 * every server has connected or failed its first attempt, or after `waitMs`; servers still
 * pending keep connecting in the background. Call `close()` on the manager before exiting.
 */
export async function connectConfiguredServers(opts: ConnectOptions = {}): Promise<McpManager> {
  const raw = "servers" in opts ? opts.servers : (await loadConfig()).mcp?.servers;
  const manager = await createMcpManager(raw, opts);
  await manager.start(opts.waitMs !== undefined ? { waitMs: opts.waitMs } : {});
  return manager;
}

function isEmpty(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === "object" && Object.keys(raw).length === 0);
}

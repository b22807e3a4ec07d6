/** What the manager reports about each configured server (`quiver mcp list`, start-up warnings). */

/**
 * `connecting`: first attempt, or reconnecting after a drop; `connected`; `failed`: the last
 * attempt failed and a retry is scheduled (or the config entry is invalid); `disabled`:
 * `enabled: false`; `closed`: the manager was closed.
 */
export type McpServerState = "connecting" | "connected" | "failed" | "disabled" | "closed";

/** A tool the registry refused (or that clashed inside its own server) — never silently shadowed. */
export interface McpToolCollision {
  /** The server's own tool name. */
  tool: string;
  /** The quiver name it would have had. */
  name: string;
  /** Toolset that holds the name now. */
  existingToolset: string | undefined;
  reason: string;
}

export interface McpServerStatus {
  name: string;
  transport: "stdio" | "http";
  toolset: string;
  state: McpServerState;
  error?: string;
  /** Tools registered right now, and their quiver names. */
  toolCount: number;
  tools: string[];
  collisions: McpToolCollision[];
  /** The server's own tool names whose description or schema changed since pinned: withheld (src/mcp/pins.ts). */
  withheld: string[];
  /** Failed attempts since the last successful connection. */
  failedAttempts: number;
  nextRetryInMs?: number;
  /** The MCP revision negotiated with the server: "2026-07-28", "2025-11-25" or older (connected only). */
  protocolVersion?: string;
  /** What the server called itself in the handshake. */
  server?: { name: string; version: string };
  /** The last log messages the server sent (`notifications/message`), oldest first. */
  log: string[];
}

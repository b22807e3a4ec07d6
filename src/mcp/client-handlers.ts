/**
 * What quiver answers when a server asks it something (roots), and what it does with what a
 * server tells it unasked (log messages). Installed on every new `Client` of a connection.
 */
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ListRootsRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilities, LoggingLevel, Root } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";

/** The server log lines kept per server for `quiver mcp list`. */
const LOG_TAIL_LINES = 20;
const LOG_LINE_CHARS = 500;

export const CLIENT_CAPABILITIES: ClientCapabilities = { roots: { listChanged: true } };

export interface ClientHooks {
  /** The directory offered as the root when the server's config names none. */
  workingDirectory: () => string;
}

/** The server's roots: its configured `roots`, else the working directory at the time of asking. */
export function rootsFor(config: Pick<McpServerConfig, "roots">, workingDirectory: () => string): Root[] {
  const dirs = config.roots ?? [workingDirectory()];
  return dirs.map((dir) => ({ uri: pathToFileURL(dir).href, name: basename(dir) || dir }));
}

/** Keeps the last server log lines, for status output. */
export class ServerLogTail {
  readonly #lines: string[] = [];

  push(line: string): void {
    this.#lines.push(line.length > LOG_LINE_CHARS ? `${line.slice(0, LOG_LINE_CHARS)}…` : line);
    if (this.#lines.length > LOG_TAIL_LINES) this.#lines.shift();
  }

  lines(): string[] {
    return [...this.#lines];
  }
}

export function installClientHandlers(client: Client, config: McpServerConfig, hooks: ClientHooks, log: Logger, tail: ServerLogTail): void {
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: rootsFor(config, hooks.workingDirectory) }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    const { level, logger, data } = note.params;
    const text = typeof data === "string" ? data : JSON.stringify(data);
    const line = `[${config.name}${logger !== undefined ? `/${logger}` : ""}] ${text}`;
    tail.push(`${level}: ${line}`);
    log[quiverLevel(level)](line);
  });
}

/** MCP's syslog levels onto quiver's four. */
function quiverLevel(level: LoggingLevel): "debug" | "info" | "warn" | "error" {
  switch (level) {
    case "debug":
      return "debug";
    case "info":
    case "notice":
      return "info";
    case "warning":
      return "warn";
    default:
      return "error";
  }
}

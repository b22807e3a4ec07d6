/**
 * What quiver answers when a server asks it something (roots, sampling, elicitation), and what
 * it does with what a server tells it unasked (log messages). Installed on every new `Client`
 * of a connection. Sampling and elicitation go to handlers the front end sets on the manager;
 * with none (under `quiver serve`, or with nobody to ask) they are declined at once.
 */
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import type { Client, ClientCapabilities, CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult, LoggingLevel, Root } from "@modelcontextprotocol/client";
import type { Logger } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";

/** The server log lines kept per server for `quiver mcp list`. */
const LOG_TAIL_LINES = 20;
const LOG_LINE_CHARS = 500;

export const CLIENT_CAPABILITIES: ClientCapabilities = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };

/** A server's `sampling/createMessage`, with the server's name for the user. */
export interface SamplingRequest {
  server: string;
  /** Who asks, for the user (default: MCP server "<server>"); a quiver tool's ctx.sample sets it. */
  from?: string;
  params: CreateMessageRequest["params"];
  signal: AbortSignal;
}

/** A server's `elicitation/create` (form or URL mode). */
export interface ElicitationRequest {
  server: string;
  /** Who asks, for the user (default: MCP server "<server>"); a quiver tool's ctx.elicit sets it. */
  from?: string;
  params: ElicitRequest["params"];
  signal: AbortSignal;
}

/** Answers a sampling request, or throws to decline it (the message goes back to the server). */
export type SamplingHandler = (request: SamplingRequest) => Promise<CreateMessageResult>;
export type ElicitationHandler = (request: ElicitationRequest) => Promise<ElicitResult>;

export interface ClientHooks {
  /** The directory offered as the root when the server's config names none. */
  workingDirectory: () => string;
  sampling?: SamplingHandler;
  elicitation?: ElicitationHandler;
}

/** The server's roots: its configured `roots`, else the working directory at the time of asking. */
function rootsFor(config: Pick<McpServerConfig, "roots">, workingDirectory: () => string): Root[] {
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

export function installClientHandlers(
  client: Client,
  config: McpServerConfig,
  hooks: ClientHooks,
  log: Logger,
  tail: ServerLogTail,
  onListChanged: () => void,
): void {
  for (const method of ["notifications/tools/list_changed", "notifications/resources/list_changed", "notifications/prompts/list_changed"] as const) {
    client.setNotificationHandler(method, onListChanged);
  }
  client.setRequestHandler("roots/list", () => ({ roots: rootsFor(config, hooks.workingDirectory) }));
  client.setRequestHandler("sampling/createMessage", (request, ctx) => {
    if (hooks.sampling === undefined) {
      const reason = `quiver declined the sampling request of MCP server "${config.name}": there is no chat model or no one to approve it here (quiver serve, or no terminal)`;
      log.warn(reason);
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, reason);
    }
    return hooks.sampling({ server: config.name, params: request.params, signal: ctx.mcpReq.signal });
  });
  client.setRequestHandler("elicitation/create", (request, ctx) => {
    if (hooks.elicitation === undefined) {
      log.warn(`quiver declined the ${request.params.mode ?? "form"} elicitation of MCP server "${config.name}": no one can answer it here (no terminal, or quiver serve)`);
      return { action: "decline" };
    }
    return hooks.elicitation({ server: config.name, params: request.params, signal: ctx.mcpReq.signal });
  });
  client.setNotificationHandler("notifications/message", (note) => {
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

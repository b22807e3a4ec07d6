/**
 * The transport to one configured server: a spawned process over stdio, or Streamable HTTP
 * (falling back to the legacy HTTP+SSE transport when the server refuses Streamable HTTP).
 * For stdio the child's stderr is captured (not inherited, which would scribble over the chat
 * prompt) and its last lines are kept to explain a failure.
 */
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Client, Transport } from "@modelcontextprotocol/client";
import type { Logger } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";
import { knownLegacy, rememberEra } from "./era-memory.js";
import { errorMessage } from "./remote-call.js";

const STDERR_TAIL_LINES = 8;
const STDERR_LINE_CHARS = 300;
/** A server that does not answer the DELETE ending its session is not waited for longer. */
const END_SESSION_TIMEOUT_MS = 2_000;

export interface ServerLink {
  transport: Transport;
  /** The last lines the server wrote to stderr (stdio only), for error messages. */
  stderrTail(): string;
  /** Ends the server process at once (stdio); used when it misbehaved, before the transport closes. */
  terminate(): void;
  /**
   * Ends the session on the server (HTTP: DELETE with the session id, as the spec asks of a
   * client that is done), so it is freed now rather than when it expires. Never rejects.
   */
  endSession(): Promise<void>;
  /** HTTP: the fetch that signs requests in (src/mcp/oauth/), reused by the legacy SSE fallback. */
  fetchFn?: HttpFetch;
}

export type HttpFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export function openLink(config: McpServerConfig, log: Logger, fetchFn?: HttpFetch): ServerLink {
  if (config.transport === "http") return httpLink(config, "streamable", log, fetchFn);
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    ...(config.env !== undefined && { env: config.env }),
    ...(config.cwd !== undefined && { cwd: config.cwd }),
    stderr: "pipe",
  });
  const tail: string[] = [];
  let partial = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = (lines.pop() ?? "").slice(-STDERR_LINE_CHARS);
    for (const line of lines) {
      const text = line.trimEnd();
      if (text === "") continue;
      log.debug(`[${config.name} stderr] ${text}`);
      tail.push(text.slice(0, STDERR_LINE_CHARS));
      if (tail.length > STDERR_TAIL_LINES) tail.shift();
    }
  });
  return {
    transport,
    stderrTail: () => [...tail, partial.trim()].filter((l) => l !== "").join("\n"),
    terminate: () => {
      const pid = transport.pid;
      if (pid === null) return;
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
    // stdio has no session: closing stdin ends the server.
    endSession: () => Promise.resolve(),
  };
}

async function endHttpSession(transport: StreamableHTTPClientTransport, log: Logger): Promise<void> {
  if (transport.sessionId === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
  });
  // The transport's close(), which follows, aborts a DELETE still in flight.
  const ended = transport.terminateSession().catch((err: unknown) => log.debug(`ending MCP session ${transport.sessionId}: ${String(err)}`));
  await Promise.race([ended, timeout]);
  clearTimeout(timer);
}

/** Why connecting failed, naming the command or URL (never its credentials) and the server's last stderr lines. */
export function describeConnectError(config: McpServerConfig, err: unknown, link: ServerLink): string {
  if (config.transport === "stdio" && (err as NodeJS.ErrnoException).code === "ENOENT") {
    return `command not found: ${config.command} (check mcp.servers.${config.name}.command and PATH)`;
  }
  const what = config.transport === "stdio" ? `server command ${JSON.stringify(config.command)}` : displayUrl(config.url);
  const tail = link.stderrTail();
  return `${what}: ${errorMessage(err)}${tail !== "" ? `; stderr: ${tail}` : ""}`;
}

/** The URL without credentials or query string, which may carry a token. */
function displayUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

function httpLink(config: McpServerConfig & { transport: "http" }, kind: "streamable" | "sse", log: Logger, fetchFn?: HttpFetch): ServerLink {
  const init: RequestInit = config.headers !== undefined ? { headers: config.headers } : {};
  const url = new URL(config.url);
  const signed = fetchFn !== undefined ? { fetch: fetchFn } : {};
  const kept = fetchFn !== undefined ? { fetchFn } : {};
  if (kind === "sse") return { transport: new SSEClientTransport(url, { requestInit: init, ...signed }), stderrTail: () => "", terminate: () => {}, endSession: async () => {}, ...kept };
  const transport = new StreamableHTTPClientTransport(url, { requestInit: init, ...signed });
  return { transport, stderrTail: () => "", terminate: () => {}, endSession: () => endHttpSession(transport, log), ...kept };
}

/**
 * Connects `client` over `link`; an HTTP server that refuses Streamable HTTP's initialize POST
 * with a 4xx (a legacy HTTP+SSE server) is tried again over the SSE transport, as the SDK's
 * backwards-compatibility guide does. Resolves with the link that connected.
 */
export async function connectLink(client: Client, link: ServerLink, config: McpServerConfig, timeoutMs: number, log: Logger): Promise<ServerLink> {
  try {
    // A stdio server known to be 2025-only skips the revision probe (and its second process).
    await client.connect(link.transport, { timeout: timeoutMs, ...(knownLegacy(config) && { prior: { kind: "legacy" as const } }) });
    rememberEra(config, client.getProtocolEra());
    return link;
  } catch (err) {
    const refused = err instanceof SdkHttpError && err.status >= 400 && err.status < 500;
    if (config.transport !== "http" || !refused) throw err;
    log.debug(`MCP server "${config.name}" refused Streamable HTTP (${err.message}); trying the legacy SSE transport`);
    const legacy = httpLink(config, "sse", log, link.fetchFn);
    await client.connect(legacy.transport, { timeout: timeoutMs });
    return legacy;
  }
}

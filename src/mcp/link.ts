/**
 * The transport to one configured server: a spawned process over stdio, or Streamable HTTP.
 * For stdio the child's stderr is captured (not inherited, which would scribble over the chat
 * prompt) and its last lines are kept to explain a failure.
 */
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Logger } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";

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
}

export function openLink(config: McpServerConfig, log: Logger): ServerLink {
  if (config.transport === "http") {
    const init: RequestInit = config.headers !== undefined ? { headers: config.headers } : {};
    const transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: init });
    return { transport, stderrTail: () => "", terminate: () => {}, endSession: () => endHttpSession(transport, log) };
  }
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

/**
 * `quiver serve --stdio`: the registry over MCP on this process's stdin/stdout. stdout carries
 * the protocol only; quiver's logger already writes to stderr. The SDK's stdio entry pins the
 * connection to the client's revision: 2026-07-28 when the client opens with `server/discover`,
 * the 2025 handshake (`initialize`) otherwise; one quiver server serves it either way.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createLogger } from "../registry/index.js";
import { createQuiverMcpServer } from "./server.js";
import type { QuiverServerOptions } from "./server.js";

const log = createLogger("mcp-serve");

export interface RunningStdioServer {
  /** Resolves when the client closes the connection (stdin ends). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveMcpOverStdio(opts: QuiverServerOptions = {}): Promise<RunningStdioServer> {
  let ended: () => void = () => {};
  const closed = new Promise<void>((resolve) => (ended = resolve));
  // The one client of this process: it also gets the records no request caused.
  // Not tied to a server's close: the entry may discard an instance (a probe) and open another.
  const handle = serveStdio(() => createQuiverMcpServer({ logs: "process", ...opts }), { onerror: (err) => log.debug(`stdio: ${err.message}`) });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= handle.close().finally(ended);
    return closing;
  };
  // Ending stdin is how a stdio client says goodbye.
  const onEnd = (): void => void close();
  process.stdin.once("end", onEnd);
  process.stdin.once("close", onEnd);
  return {
    closed,
    async close() {
      process.stdin.off("end", onEnd);
      process.stdin.off("close", onEnd);
      await close();
    },
  };
}

/**
 * `quiver serve --stdio`: the registry over MCP on this process's stdin/stdout. stdout carries
 * the protocol only; quiver's logger already writes to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { createQuiverMcpServer } from "./server.js";
import type { QuiverServerOptions } from "./server.js";

export interface RunningStdioServer {
  /** Resolves when the client closes the connection (stdin ends). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveMcpOverStdio(opts: QuiverServerOptions = {}): Promise<RunningStdioServer> {
  // The one client of this process: it also gets the records no request caused.
  const server = createQuiverMcpServer({ logs: "process", ...opts });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  // The SDK transport does not notice the end of stdin by itself.
  const onEnd = () => void server.close();
  process.stdin.once("end", onEnd);
  await server.connect(transport);
  return {
    closed,
    async close() {
      process.stdin.off("end", onEnd);
      await server.close();
    },
  };
}

/**
 * A loopback MCP server over Streamable HTTP (the SDK's McpServer and transport, one per
 * session) that records every HTTP request: method and session id. For tests of what quiver's
 * client sends, such as the DELETE that ends its session.
 *
 * ```ts
 * const server = await startRecordingMcpServer();
 * // config: { url: server.url }
 * expect(server.deletes()).toEqual([sessionId]);
 * await server.close();
 * ```
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface RecordedMcpRequest {
  method: string;
  sessionId: string | undefined;
}

export interface RecordingMcpServer {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  requests: RecordedMcpRequest[];
  /** Session ids the server has handed out, in order. */
  sessions: string[];
  /** Session ids that a DELETE ended. */
  deletes(): string[];
  close(): Promise<void>;
}

export interface RecordingOptions {
  /** Record a DELETE but never answer it: a server that stopped answering. */
  hangOnDelete?: boolean;
}

export async function startRecordingMcpServer(options: RecordingOptions = {}): Promise<RecordingMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const requests: RecordedMcpRequest[] = [];
  const sessions: string[] = [];

  const http = createServer((req, res) => {
    const header = req.headers["mcp-session-id"];
    const sessionId = typeof header === "string" ? header : undefined;
    requests.push({ method: req.method ?? "GET", sessionId });
    if (req.method === "DELETE" && options.hangOnDelete === true) return;
    const known = sessionId === undefined ? undefined : transports.get(sessionId);
    if (known !== undefined) return void known.handleRequest(req, res);
    if (sessionId !== undefined) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        sessions.push(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
    };
    const mcp = new McpServer({ name: "recording-server", version: "1.0.0" });
    mcp.registerTool("echo", { description: "Echoes its text", inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: "text", text: `echo: ${text}` }],
    }));
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    sessions,
    deletes: () => requests.filter((r) => r.method === "DELETE" && r.sessionId !== undefined).map((r) => r.sessionId!),
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => undefined)));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

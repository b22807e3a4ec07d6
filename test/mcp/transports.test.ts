/**
 * Transports and reconnects: a legacy HTTP+SSE server (the SDK's SSEServerTransport on
 * loopback) is reached through the SSE fallback; a call made while a server reconnects waits
 * for it, or says plainly that it is reconnecting — never "Unknown tool".
 */
import { createServer } from "node:http";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { ConnectOptions } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import { parse, testServer, waitFor } from "./support.js";

const managers: McpManager[] = [];
let http: HttpServer | undefined;

async function connect(servers: Record<string, unknown>, opts: Partial<ConnectOptions> = {}): Promise<McpManager> {
  const manager = await connectConfiguredServers({ servers, backoff: { initialMs: 100, maxMs: 400 }, ...opts });
  managers.push(manager);
  return manager;
}

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  http?.closeAllConnections();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  http = undefined;
});

/** A legacy HTTP+SSE MCP server: GET /sse opens the stream, POST /messages carries requests; anything else is an HTML 404. */
async function startLegacySseServer(): Promise<string> {
  const sessions = new Map<string, SSEServerTransport>();
  http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/sse") {
      const transport = new SSEServerTransport("/messages", res);
      sessions.set(transport.sessionId, transport);
      const server = new McpServer({ name: "legacy-sse", version: "1.0.0" });
      server.registerTool("legacy_echo", { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: "text", text: `legacy: ${text}` }] }));
      void server.connect(transport);
      return;
    }
    const session = sessions.get(url.searchParams.get("sessionId") ?? "");
    if (req.method === "POST" && url.pathname === "/messages" && session !== undefined) {
      void session.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404, { "content-type": "text/html" }).end(`<!DOCTYPE html><html><body><pre>Cannot ${req.method} ${url.pathname}</pre></body></html>`);
  });
  await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/sse`;
}

describe("legacy HTTP+SSE fallback", () => {
  test("a server that refuses Streamable HTTP is reached over SSE", async () => {
    const url = await startLegacySseServer();
    const manager = await connect({ legacy: { url } });
    expect(manager.status()[0]).toMatchObject({ state: "connected", tools: ["mcp__legacy__legacy_echo"] });
    expect(parse(await handleFunctionCall("mcp__legacy__legacy_echo", { text: "old school" }))).toEqual({ result: "legacy: old school" });
  });
});

describe("a call while the server reconnects", () => {
  test("waits for the reconnect and then runs", async () => {
    await connect({ r: testServer() });
    await handleFunctionCall("mcp__r__crash", {});
    await waitFor(() => registry.getEntry("mcp__r__echo") === undefined, "the tools to be withdrawn");
    expect(parse(await handleFunctionCall("mcp__r__echo", { text: "after" }))).toEqual({ result: "echo: after" });
  });

  test("says the server is reconnecting when it does not come back in time, never Unknown tool", async () => {
    await connect({ r: testServer() }, { backoff: { initialMs: 60_000, maxMs: 60_000 }, reconnectWaitMs: 300 });
    await handleFunctionCall("mcp__r__crash", {});
    await waitFor(() => registry.getEntry("mcp__r__echo") === undefined, "the tools to be withdrawn");
    const out = parse(await handleFunctionCall("mcp__r__echo", { text: "x" }));
    expect(out).toMatchObject({ error_type: "server_reconnecting" });
    expect(String(out.error)).toMatch(/^MCP server "r" is reconnecting/);
    expect(String(out.error)).not.toMatch(/Unknown tool/);
  });
});

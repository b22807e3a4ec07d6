/**
 * `serveMcpOverHttp({ stateless: true })` in process: no session, any request at any instance;
 * /healthz; and the drain: an in-flight call's stream is closed, the call finishes into the
 * shared store, and a second instance over the same store replays and follows the stream to
 * its one result.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { MemoryEventStore } from "../../src/mcp/event-store.js";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";
import type { ToolCallContext } from "../../src/registry/index.js";

const TOOLSET = "stateless-test";
let release: () => void = () => undefined;
let slowRuns = 0;
const running: RunningHttpServer[] = [];
const clients: Client[] = [];

beforeAll(() => {
  registry.register({ name: "stateless_echo", toolset: TOOLSET, readOnly: true, schema: { description: "echo", parameters: { type: "object", properties: { n: { type: "number" } } } }, handler: (args: { n?: number }) => `echo ${args.n ?? 0}` });
  registry.register({
    name: "stateless_slow",
    toolset: TOOLSET,
    readOnly: true,
    schema: { description: "answers when the test lets it", parameters: { type: "object", properties: {} } },
    handler: async () => {
      slowRuns++;
      await new Promise<void>((resolve) => (release = resolve));
      return "slow done";
    },
  });
});

let cancellableRuns = 0;
let aborted: Promise<boolean> = Promise.resolve(false);

beforeAll(() => {
  registry.register({
    name: "stateless_cancellable",
    toolset: TOOLSET,
    readOnly: true,
    schema: { description: "runs until its call is cancelled", parameters: { type: "object", properties: {} } },
    handler: (_args: Record<string, unknown>, ctx: ToolCallContext) => {
      cancellableRuns++;
      aborted = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000);
        ctx.signal?.addEventListener("abort", () => (clearTimeout(timer), resolve(true)));
      });
      return aborted.then((yes) => (yes ? "aborted" : "ran out"));
    },
  });
});

afterAll(() => {
  registry.deregister("stateless_cancellable");
  registry.deregister("stateless_echo");
  registry.deregister("stateless_slow");
});

afterEach(async () => {
  release();
  slowRuns = 0;
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(store: MemoryEventStore): Promise<RunningHttpServer> {
  const server = await serveMcpOverHttp({ port: 0, stateless: true, store, enabledToolsets: [TOOLSET], retryMs: 100 });
  running.push(server);
  return server;
}

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" };

/** Reads an SSE body to its end: the events' ids and data. */
async function events(response: Response): Promise<Array<{ id?: string; data?: string }>> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event: { id?: string; data?: string } = {};
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) event.id = line.slice(4);
        if (line.startsWith("data: ")) event.data = line.slice(6);
      }
      return event;
    });
}

describe("stateless serve", () => {
  test("no session id; every request stands alone, at either of two instances; DELETE is 405", async () => {
    const store = new MemoryEventStore();
    const [a, b] = [await serve(store), await serve(store)];
    const client = new Client({ name: "t", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(a.url));
    await client.connect(transport);
    clients.push(client);
    expect(transport.sessionId).toBeUndefined();
    const result = (await client.callTool({ name: "stateless_echo", arguments: { n: 3 } })) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "echo 3" }]);
    // A call straight to the other instance, never initialized there.
    const direct = await fetch(b.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "stateless_echo", arguments: { n: 4 } } }) });
    expect(direct.headers.get("mcp-session-id")).toBeNull();
    const data = (await events(direct)).map((e) => e.data).filter((d) => d !== undefined && d !== "");
    expect(data.map((d) => JSON.parse(d as string) as unknown)).toEqual([{ jsonrpc: "2.0", id: 5, result: { content: [{ type: "text", text: "echo 4" }] } }]);
    const del = await fetch(b.url, { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, POST");
  });

  test("a 2025 client's notification stream (GET) hears list_changed; it is SSE only", async () => {
    const server = await serve(new MemoryEventStore());
    const client = new Client({ name: "t", version: "1.0.0" });
    let heard = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void heard++);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    await new Promise((r) => setTimeout(r, 200));
    registry.register({ name: "stateless_transient", toolset: TOOLSET, schema: { description: "comes and goes", parameters: { type: "object", properties: {} } }, handler: () => "here" });
    registry.deregister("stateless_transient");
    const deadline = Date.now() + 5_000;
    while (heard === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toBeGreaterThan(0);
    const notSse = await fetch(server.url, { headers: { Accept: "application/json" } });
    expect(notSse.status).toBe(406);
  });

  test("one instance, memory store: a client's cancel aborts its call's ctx.signal, and no response is sent", async () => {
    const server = await serve(new MemoryEventStore());
    const client = new Client({ name: "t", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    const stop = new AbortController();
    const call = client.callTool({ name: "stateless_cancellable", arguments: {} }, undefined, { signal: stop.signal }).catch((err: unknown) => err);
    while (cancellableRuns === 0) await new Promise((r) => setTimeout(r, 10));
    stop.abort("changed my mind");
    expect(await aborted).toBe(true);
    expect(String(await call)).toMatch(/changed my mind|abort/i);
  });

  test("/healthz is 200 while serving, without a token", async () => {
    const server = await serveMcpOverHttp({ port: 0, stateless: true, store: new MemoryEventStore(), enabledToolsets: [TOOLSET], host: "127.0.0.1", token: "t0ken" });
    running.push(server);
    const health = await fetch(new URL("/healthz", server.url));
    expect([health.status, await health.text()]).toEqual([200, "ok\n"]);
    expect((await fetch(server.url, { method: "POST", headers: HEADERS, body: "{}" })).status).toBe(401);
  });

  test("drain closes an in-flight call's stream, the call finishes into the store, another instance follows it to one result", async () => {
    const store = new MemoryEventStore();
    const [a, b] = [await serve(store), await serve(store)];
    const call = await fetch(a.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "stateless_slow", arguments: {} } }) });
    const reading = events(call);
    while (slowRuns === 0) await new Promise((r) => setTimeout(r, 10));
    const drained = a.drain(10_000);
    // The stream ends with the priming event only: the client is to resume from its id.
    const seen = await reading;
    expect(seen).toHaveLength(1);
    const primingId = seen[0]?.id as string;
    expect(primingId).toMatch(/\/\d+$/);
    // The resume reaches the other instance before the call ends: it follows the stream.
    const resume = fetch(b.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": primingId, "MCP-Protocol-Version": "2025-11-25" } });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await drained;
    const resumed = await resume;
    expect(resumed.status).toBe(200);
    const results = (await events(resumed)).filter((e) => e.data !== undefined && e.data !== "");
    expect(results.map((e) => JSON.parse(e.data as string) as unknown)).toEqual([{ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text: "slow done" }] } }]);
    expect(slowRuns).toBe(1);
    // Resuming again from the result's id: nothing more to send.
    const again = await fetch(b.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": results[0]?.id as string } });
    expect(again.status).toBe(200);
    const unknown = await fetch(b.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": "no-such-stream/1" } });
    expect(unknown.status).toBe(404);
  });
});

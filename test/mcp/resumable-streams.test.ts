/**
 * `quiver serve --http` streams are resumable: every SSE stream opens with a priming event (an
 * id and `retry`), every message carries an id, and `Last-Event-ID` replays what the client
 * missed from a bounded store. The SDK's own client, whose connection is cut mid-call through
 * a real TCP proxy, resumes and gets its result exactly once.
 */
import { Socket, createServer } from "node:net";
import type { Server as NetServer } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { MemoryEventStore } from "../../src/mcp/event-store.js";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";
import { waitFor } from "./support.js";

const TOOL = "resumable_slow";
let runs = 0;
let started = false;
let release: () => void = () => undefined;

beforeAll(() => {
  registry.register({
    name: TOOL,
    toolset: "resumable",
    schema: { description: "answers once the test lets it", parameters: { type: "object", properties: { n: { type: "number" } } } },
    handler: async (args: { n?: number }) => {
      runs++;
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
      return `slow result ${args.n ?? 0}`;
    },
  });
});

afterAll(() => {
  registry.deregister(TOOL);
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  release();
  started = false;
  runs = 0;
});

interface Proxy {
  port: number;
  /** Requests seen that carry Last-Event-ID. */
  resumes: () => number;
  cut(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `port` whose `cut()` drops every connection open through it. */
async function proxy(port: number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  let resumes = 0;
  const server: NetServer = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(port, "127.0.0.1");
    inbound.on("data", (chunk: Buffer) => {
      if (/^last-event-id:/im.test(chunk.toString("latin1"))) resumes++;
    });
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    port: address.port,
    resumes: () => resumes,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function serveThroughProxy(): Promise<{ server: RunningHttpServer; tcp: Proxy; url: URL }> {
  const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["resumable"], retryMs: 200 });
  cleanups.push(() => server.close());
  const tcp = await proxy(server.port);
  cleanups.push(() => tcp.close());
  return { server, tcp, url: new URL(`http://127.0.0.1:${tcp.port}/mcp`) };
}

/** A connected SDK client that also counts the responses its transport delivers, by request id. */
async function countingClient(url: URL): Promise<{ client: Client; responses: Map<string, number> }> {
  const client = new Client({ name: "resume-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(url, { reconnectionOptions: { maxRetries: 20, initialReconnectionDelay: 100, maxReconnectionDelay: 500, reconnectionDelayGrowFactor: 1.5 } });
  await client.connect(transport);
  cleanups.push(() => client.close());
  const responses = new Map<string, number>();
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ("id" in message && ("result" in message || "error" in message)) responses.set(String(message.id), (responses.get(String(message.id)) ?? 0) + 1);
    deliver?.(message);
  };
  return { client, responses };
}

describe("resumable streams over quiver serve --http", () => {
  for (const when of ["while the client is away", "after the client is back"] as const) {
    test(`a call whose connection drops mid-call resumes with Last-Event-ID and gets exactly one result (result ready ${when})`, async () => {
      const { tcp, url } = await serveThroughProxy();
      const { client, responses } = await countingClient(url);
      const tokens: string[] = [];
      const call = client.callTool({ name: TOOL, arguments: { n: 7 } }, undefined, { onresumptiontoken: (t) => tokens.push(t) });
      await waitFor(() => started && tokens.length > 0, "the tool to start and the priming event to arrive");
      const before = tcp.resumes();
      tcp.cut();
      // Either the result is stored while nobody listens and replayed, or it goes live on the resumed stream.
      if (when === "after the client is back") await waitFor(() => tcp.resumes() > before, "the client to resume with Last-Event-ID");
      release();
      const result = await call;
      expect(result.content).toEqual([{ type: "text", text: "slow result 7" }]);
      expect(runs).toBe(1);
      expect(tcp.resumes()).toBeGreaterThan(before);
      // Let any duplicate arrive before counting.
      await client.listTools();
      const callResponses = [...responses.entries()].filter(([id]) => id !== "0");
      expect(callResponses.filter(([, n]) => n !== 1)).toEqual([]);
    });
  }

  test("POST streams open with a priming event carrying an id and retry, and the result carries an id", async () => {
    const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["resumable"], retryMs: 1234 });
    cleanups.push(() => server.close());
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const init = await fetch(server.url, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
    });
    const session = init.headers.get("mcp-session-id") as string;
    await init.text();
    const sessionHeaders = { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
    await (await fetch(server.url, { method: "POST", headers: sessionHeaders, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).text();
    const pending = fetch(server.url, { method: "POST", headers: sessionHeaders, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: TOOL, arguments: { n: 1 } } }) });
    await waitFor(() => started, "the tool to start");
    release();
    const events = (await (await pending).text()).split("\n\n").filter((e) => e.trim() !== "");
    expect(events[0]).toMatch(/^id: \S+\nretry: 1234\ndata: $/);
    const answer = events.find((e) => e.includes('"result"')) as string;
    expect(answer).toMatch(/^id: \S+\n/m);
    expect(answer).toContain("slow result 1");

    // Replay after the priming event, on a new GET: exactly the answer again.
    const primingId = /^id: (\S+)/.exec(events[0] as string)?.[1] as string;
    const controller = new AbortController();
    const replay = await fetch(server.url, { method: "GET", headers: { ...sessionHeaders, Accept: "text/event-stream", "last-event-id": primingId }, signal: controller.signal });
    expect(replay.status).toBe(200);
    const reader = (replay.body as ReadableStream<Uint8Array>).getReader();
    let seen = "";
    while (!seen.includes("slow result 1")) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(seen.match(/slow result 1/g)).toHaveLength(1);
  });
});

describe("MemoryEventStore", () => {
  const message = (n: number): JSONRPCMessage => ({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `m${n}` } });
  const replay = async (store: MemoryEventStore, after: string): Promise<string[]> => {
    const got: string[] = [];
    await store.replayEventsAfter(after, { send: async (_id, m) => void got.push(String((m as { params?: { data?: unknown } }).params?.data)) });
    return got;
  };

  test("replays a stream's later events in order, skipping priming events and other streams", async () => {
    const store = new MemoryEventStore();
    const priming = await store.storeEvent("a", {} as JSONRPCMessage);
    await store.storeEvent("a", message(1));
    await store.storeEvent("b", message(2));
    const third = await store.storeEvent("a", message(3));
    expect(await replay(store, priming)).toEqual(["m1", "m3"]);
    expect(await replay(store, third)).toEqual([]);
    expect(await store.getStreamIdForEventId(third)).toBe("a");
    expect(await store.getStreamIdForEventId("nope/1")).toBeUndefined();
    expect(await store.getStreamIdForEventId("garbage")).toBeUndefined();
  });

  test("is bounded by count, by bytes and by age; the newest event is kept", async () => {
    const byCount = new MemoryEventStore({ maxEvents: 3 });
    const first = await byCount.storeEvent("s", message(0));
    for (let i = 1; i <= 5; i++) await byCount.storeEvent("s", message(i));
    expect(byCount.size).toBe(3);
    // The id of an evicted event still names its stream: what is left after it is replayed.
    expect(await replay(byCount, first)).toEqual(["m3", "m4", "m5"]);

    const one = Buffer.byteLength(JSON.stringify(message(1)));
    const byBytes = new MemoryEventStore({ maxBytes: one * 2 });
    for (let i = 1; i <= 4; i++) await byBytes.storeEvent("s", message(i));
    expect(byBytes.size).toBe(2);
    expect(byBytes.bytes).toBeLessThanOrEqual(one * 2);
    const huge = new MemoryEventStore({ maxBytes: 10 });
    await huge.storeEvent("s", message(1));
    await huge.storeEvent("s", message(2));
    expect(huge.size).toBe(1);

    let now = 1_000;
    const byAge = new MemoryEventStore({ maxAgeMs: 100 }, () => now);
    const old = await byAge.storeEvent("s", message(1));
    now += 50;
    await byAge.storeEvent("s", message(2));
    now += 60;
    expect(await replay(byAge, old)).toEqual(["m2"]);
    now += 100;
    expect(await replay(byAge, old)).toEqual([]);
    expect(byAge.size).toBe(0);
  });
});

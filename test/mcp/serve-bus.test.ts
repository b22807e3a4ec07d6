/**
 * What stateless `quiver serve` instances pass to one another through a real Redis (two
 * instances of the built CLI, each its own process and registry): a tool-list change at one
 * reaches a 2026-07-28 listen stream and a 2025-11-25 notification stream (GET) opened at the
 * other; a `notifications/cancelled` sent to one aborts the call running at the other (its
 * ctx.signal), which then sends no response.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../helpers/cli.js";
import { REDIS_SERVER, startRedis, type Daemon } from "../helpers/daemons.js";
import { startServeInstance, type ServeInstance } from "../helpers/serve-instances.js";

const BUS_TOOLS = resolve(import.meta.dirname, "fixtures/bus-tools.mjs");
const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" };

let redis: Daemon | undefined;
let a: ServeInstance;
let b: ServeInstance;
const marks = mkdtempSync(join(tmpdir(), "quiver-bus-marks-"));
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  assertBuilt();
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server (.ci/run does)`);
  redis = await startRedis();
  const store = `redis://127.0.0.1:${redis.port}`;
  [a, b] = await Promise.all([startServeInstance({ store, marks, tools: [BUS_TOOLS] }), startServeInstance({ store, marks, tools: [BUS_TOOLS] })]);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await redis?.stop();
  rmSync(marks, { recursive: true, force: true });
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; instance logs:\n${a.cli.stderr().slice(-1500)}\n${b.cli.stderr().slice(-1500)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const marked = (name: string): string[] => readdirSync(marks).filter((f) => f.startsWith(`${name}-`));

/** Changes the tool list at `at` only (its own process and registry). */
async function changeToolsAt(at: ServeInstance, id: number): Promise<void> {
  const res = await fetch(at.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "bus_change_tools", arguments: {} } }) });
  expect(res.status).toBe(200);
  await res.text();
}

describe("stateless instances share list changes and cancels through Redis", () => {
  test("a tool-list change at one instance reaches a 2026-07-28 listen stream at the other", async () => {
    const client = new ClientV2({ name: "bus-modern", version: "1" }, { versionNegotiation: { mode: "auto" } });
    let heard = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void heard++);
    await client.connect(new TransportV2(new URL(b.url)));
    closers.push(() => client.close());
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const subscription = await client.listen({ toolsListChanged: true });
    closers.push(async () => subscription.close?.());
    await changeToolsAt(a, 1);
    await until(() => heard > 0, "tools/list_changed on the listen stream at the other instance");
  });

  test("a 2025-11-25 client's notification stream (GET) at one instance hears a change at the other", async () => {
    const client = new ClientV1({ name: "bus-legacy", version: "1" });
    let heard = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void heard++);
    const transport = new TransportV1(new URL(b.url));
    await client.connect(transport);
    closers.push(() => client.close());
    expect(transport.sessionId).toBeUndefined();
    // The client opens its GET stream after the handshake: give it the moment it takes.
    await new Promise((r) => setTimeout(r, 300));
    await changeToolsAt(a, 2);
    await until(() => heard > 0, "tools/list_changed on the 2025 notification stream at the other instance");
  });

  test("a cancel sent to one instance aborts the call running at the other, which sends no response", async () => {
    const call = await fetch(a.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 41, method: "tools/call", params: { name: "bus_wait", arguments: { tag: "x41" } } }) });
    expect(call.status).toBe(200);
    const body = call.text();
    await until(() => marked("started-x41").length === 1, "the call to start");
    const cancel = await fetch(b.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 41, reason: "user pressed stop" } }) });
    expect(cancel.status).toBe(202);
    await until(() => marked("aborted-x41").length === 1, "the call's ctx.signal to abort");
    // Its stream ends, with no response for the cancelled request.
    const text = await body;
    expect(text).not.toMatch(/"id":41/);
    expect(text).not.toContain("aborted");
  });

  test("a cancel naming a request id two running calls share (with the same credentials) aborts neither", async () => {
    const start = (at: ServeInstance, tag: string): Promise<Response> =>
      fetch(at.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 77, method: "tools/call", params: { name: "bus_wait", arguments: { tag } } }) });
    const [first, second] = await Promise.all([start(a, "y1"), start(b, "y2")]);
    const streams = [first.body?.cancel(), second.body?.cancel()];
    await until(() => marked("started-y1").length === 1 && marked("started-y2").length === 1, "both calls to start");
    await new Promise((r) => setTimeout(r, 100));
    const cancel = await fetch(b.url, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 77 } }) });
    expect(cancel.status).toBe(202);
    await new Promise((r) => setTimeout(r, 500));
    expect([marked("aborted-y1"), marked("aborted-y2")]).toEqual([[], []]);
    await Promise.all(streams);
  });
});

/**
 * `quiver serve --http` in process, driven by the SDK's own Client over real loopback HTTP:
 * listing, calling, errors, list_changed, toolset selection, the bearer token, Host checks and
 * the dangerous-command policy.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { HttpServeOptions, RunningHttpServer } from "../../src/mcp/http-server.js";
import { loadBuiltinTools } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import { waitFor } from "./support.js";

let dir = "";
const running: RunningHttpServer[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  await loadBuiltinTools();
  dir = await mkdtemp(join(tmpdir(), "quiver-serve-http-"));
  await writeFile(join(dir, "notes.txt"), "alpha\nbeta\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(opts: Partial<HttpServeOptions> = {}): Promise<RunningHttpServer> {
  const server = await serveMcpOverHttp({ port: 0, ...opts });
  running.push(server);
  return server;
}

async function client(url: string, headers?: Record<string, string>): Promise<Client> {
  const c = new Client({ name: "quiver-test-client", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), headers !== undefined ? { requestInit: { headers } } : {}));
  clients.push(c);
  return c;
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return ((result as CallToolResult).content[0] as { text: string }).text;
}

describe("quiver serve over Streamable HTTP", () => {
  test("binds 127.0.0.1, lists the registry's tools and runs read_file", async () => {
    const server = await serve();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const c = await client(server.url);
    const { tools } = await c.listTools();
    const readFile = tools.find((t) => t.name === "read_file");
    expect(readFile?.inputSchema).toMatchObject({ type: "object", properties: { path: expect.any(Object) } });
    expect(readFile?.annotations?.readOnlyHint).toBe(true);
    expect(tools.map((t) => t.name)).toContain("terminal");

    const result = await c.callTool({ name: "read_file", arguments: { path: join(dir, "notes.txt") } });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toMatch(/1\|alpha/);
  });

  test("bad arguments and unknown tools come back as isError results", async () => {
    const c = await client((await serve()).url);
    const bad = await c.callTool({ name: "read_file", arguments: { limit: "lots" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Invalid arguments/);
    const unknown = await c.callTool({ name: "no_such_tool", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/Unknown tool: no_such_tool/);
  });

  test("--toolsets and --disable-toolsets decide what is listed and callable", async () => {
    const c = await client((await serve({ enabledToolsets: ["file"], disabledToolsets: ["terminal"] })).url);
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).toContain("read_file");
    expect(names).not.toContain("terminal");
    const refused = await c.callTool({ name: "terminal", arguments: { command: "echo hi" } });
    expect(refused.isError).toBe(true);
  });

  test("list_changed is sent when a tool is registered in the serving process", async () => {
    const c = await client((await serve()).url);
    let notified = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++);
    // The standalone SSE stream that carries notifications opens right after the handshake.
    await new Promise((resolve) => setTimeout(resolve, 200));
    registry.register({
      name: "late_arrival",
      toolset: "late",
      schema: { description: "registered after the client connected", parameters: { type: "object", properties: {} } },
      handler: () => "here now",
    });
    try {
      await waitFor(() => notified > 0, "notifications/tools/list_changed");
      expect((await c.listTools()).tools.map((t) => t.name)).toContain("late_arrival");
      expect(text(await c.callTool({ name: "late_arrival", arguments: {} }))).toBe("here now");
    } finally {
      registry.deregister("late_arrival");
    }
    const before = notified;
    await waitFor(() => notified > before, "list_changed after the removal");
  });

  test("a non-loopback bind needs a token, and every request must carry it", async () => {
    await expect(serveMcpOverHttp({ port: 0, host: "0.0.0.0" })).rejects.toThrow(/without a token.*--token/);
    const server = await serve({ host: "0.0.0.0", token: "s3cret" });
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(init) });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await post({ Authorization: "Bearer wrong" })).status).toBe(401);
    await expect(client(url)).rejects.toThrow();

    const c = await client(url, { Authorization: "Bearer s3cret" });
    expect((await c.listTools()).tools.length).toBeGreaterThan(0);
  });

  test("on loopback, a request with a foreign Host or Origin is refused (DNS rebinding)", async () => {
    const server = await serve();
    const res = await fetch(server.url, { method: "POST", headers: { Origin: "http://evil.example", "Content-Type": "application/json" }, body: "{}" });
    expect(res.status).toBe(403);
  });

  test("dangerous commands answer approval_required unless --allow-dangerous; catastrophic ones are always refused", async () => {
    const victim = join(dir, "victim");
    await mkdir(join(victim, "sub"), { recursive: true });
    // A temp dir under the host's /tmp: writable for the sandboxed terminal only when configured so.
    const { setSandboxConfig, resetSandboxConfig } = await import("../../src/sandbox/config.js");
    setSandboxConfig({ config: { writable: [dir] } });
    onTestFinished(() => resetSandboxConfig());
    const strict = await client((await serve()).url);
    const refused = await strict.callTool({ name: "terminal", arguments: { command: `rm -r ${victim}` } });
    expect(refused.isError).toBe(true);
    const body = JSON.parse(text(refused)) as { error: string; error_type: string };
    expect(body.error_type).toBe("approval_required");
    expect(body.error).toContain("--allow-dangerous");
    expect(body.error).not.toMatch(/denied/i);
    expect(existsSync(victim)).toBe(true);

    const permissive = await client((await serve({ allowDangerous: true })).url);
    const allowed = await permissive.callTool({ name: "terminal", arguments: { command: `rm -r ${victim}` } });
    expect(allowed.isError).toBeFalsy();
    expect(existsSync(victim)).toBe(false);

    // Harmless even if it ran (no such mkfs variant), but formatting a disk device is a hardline rule.
    const hardline = await permissive.callTool({ name: "terminal", arguments: { command: "mkfs.quivertest /dev/sdz9" } });
    expect(hardline.isError).toBe(true);
    expect(JSON.parse(text(hardline))).toMatchObject({ error_type: "hardline_refused" });
  });
});

describe("sessions under load", () => {
  const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
  const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

  /** A raw initialize; the whole answer is read, so the session has no request open afterwards. */
  async function initialize(url: string): Promise<Response & { sessionId: string | null; text: string }> {
    const res = await fetch(url, { method: "POST", headers: HEADERS, body: JSON.stringify(INIT) });
    const text = await res.text();
    return Object.assign(res, { sessionId: res.headers.get("mcp-session-id"), text });
  }

  function ping(url: string, sessionId: string): Promise<Response> {
    return fetch(url, {
      method: "POST",
      headers: { ...HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
    });
  }

  test("when full, connected clients (their stream open) are kept, and a newcomer gets 503 with Retry-After", async () => {
    const server = await serve({ sessionLimits: { maxSessions: 2, waitMs: 300, idleMs: 50 } });
    const first = await client(server.url);
    const second = await client(server.url);
    // Longer than idleMs without a call: but each SDK client holds its notification stream open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await initialize(server.url);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toMatch(/busy.*2 MCP sessions.*retry/i);
    expect((await first.listTools()).tools.length).toBeGreaterThan(0);
    expect((await second.listTools()).tools.length).toBeGreaterThan(0);
  });

  test("a newcomer waits for a session to end; the ended one's id then gets 404", async () => {
    const server = await serve({ sessionLimits: { maxSessions: 1, waitMs: 10_000, idleMs: 60_000 } });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const first = new Client({ name: "first", version: "1" });
    await first.connect(transport);
    const endedId = transport.sessionId!;
    const waiting = initialize(server.url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await transport.terminateSession();
    await first.close();
    const admitted = await waiting;
    expect(admitted.status).toBe(200);
    expect(admitted.sessionId).toBeTruthy();
    expect((await ping(server.url, endedId)).status).toBe(404);
    expect((await ping(server.url, admitted.sessionId!)).status).toBe(200);
  });

  test("only a session idle for idleMs is closed to make room, least recently used first, never one mid-handshake", async () => {
    const server = await serve({ sessionLimits: { maxSessions: 2, waitMs: 100, idleMs: 300 } });
    const older = (await initialize(server.url)).sessionId!;
    const newer = (await initialize(server.url)).sessionId!;
    expect((await ping(server.url, newer)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await ping(server.url, older)).status).toBe(200);
    // `older` was just used, so `newer` is the idle one that makes room.
    const third = await initialize(server.url);
    expect(third.status).toBe(200);
    expect((await ping(server.url, newer)).status).toBe(404);

    // `third` has not come back since its initialize: mid-handshake, it is kept past idleMs.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await ping(server.url, older)).status).toBe(200);
    expect((await initialize(server.url)).status).toBe(503);
    expect((await ping(server.url, third.sessionId!)).status).toBe(200);
    expect((await ping(server.url, older)).status).toBe(200);
  });
});

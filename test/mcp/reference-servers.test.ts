/**
 * The client against the official reference servers, as real processes: server-everything over
 * stdio and over Streamable HTTP (loopback), and server-filesystem over stdio on a temp dir.
 */
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import type { MultimodalResult } from "../../src/registry/index.js";
import { EVERYTHING, FILESYSTEM, parse, startEverythingHttp, waitFor } from "./support.js";

const managers: McpManager[] = [];

async function connect(servers: Record<string, unknown>): Promise<McpManager> {
  const manager = await connectConfiguredServers({ servers, backoff: { initialMs: 100, maxMs: 400 } });
  managers.push(manager);
  return manager;
}

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

describe("server-everything over stdio", () => {
  test("its tools appear as mcp__everything__* and are callable through handleFunctionCall", async () => {
    const manager = await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } });
    const [status] = manager.status();
    expect(status?.state).toBe("connected");
    expect(status?.tools).toEqual(expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get_sum", "mcp__everything__get_tiny_image"]));
    expect(registry.getToolsetAliasTarget("everything")).toBe("mcp-everything");
    expect(registry.getEntry("mcp__everything__echo")?.readOnly).toBe(true);

    expect(parse(await handleFunctionCall("mcp__everything__echo", '{"message":"hi"}'))).toEqual({ result: "Echo: hi" });
    expect(String(parse(await handleFunctionCall("mcp__everything__get_sum", { a: 2, b: 3 })).result)).toMatch(/\b5\b/);

    const image = (await handleFunctionCall("mcp__everything__get_tiny_image", {})) as MultimodalResult;
    expect(image._multimodal).toBe(true);
    expect(image.content.some((p) => p.type === "image_url" && String((p.image_url as { url: string }).url).startsWith("data:image/png;base64,"))).toBe(true);

    const weather = parse(await handleFunctionCall("mcp__everything__get_structured_content", { location: "Chicago" }));
    // One copy for the model: server-everything sends text and the same data structured.
    expect(Object.keys(weather)).toEqual(["result"]);
    expect(String(weather.result)).toMatch(/"temperature":\s*36/);
  });

  test("errors map to {error}: bad arguments caught by quiver, and the server's own refusals", async () => {
    await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } });
    const local = parse(await handleFunctionCall("mcp__everything__get_sum", { a: 1 }));
    expect(String(local.error)).toMatch(/Invalid arguments/);
    // Straight to the server, skipping quiver's validation: its own error comes back as {error}.
    const remote = parse(await registry.dispatch("mcp__everything__get_sum", { a: "x" }));
    expect(Object.keys(remote)).toEqual(["error"]);
    expect(String(remote.error)).toMatch(/valid|expected/i);
  });
});

describe("server-everything over Streamable HTTP", () => {
  test("tools are callable; when the server goes away they are withdrawn, and they return when it is back", async () => {
    let server = await startEverythingHttp();
    try {
      const manager = await connect({ web: { url: server.url } });
      expect(manager.status()[0]).toMatchObject({ state: "connected", transport: "http" });
      expect(parse(await handleFunctionCall("mcp__web__echo", { message: "over http" }))).toEqual({ result: "Echo: over http" });

      await server.stop();
      await waitFor(() => registry.getEntry("mcp__web__echo") === undefined, "the tools to be withdrawn");
      expect(manager.status()[0]?.state).not.toBe("connected");

      server = await startEverythingHttp(server.port);
      await waitFor(() => registry.getEntry("mcp__web__echo"), "the tools to return", 20_000);
      expect(parse(await handleFunctionCall("mcp__web__echo", { message: "again" }))).toEqual({ result: "Echo: again" });
    } finally {
      await server.stop();
    }
  });
});

describe("server-filesystem over stdio", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), "quiver-mcp-fs-")));
    await writeFile(join(dir, "hello.txt"), "hello from disk\n");
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("reads and lists inside the allowed directory; outside it, the refusal is an {error}", async () => {
    // `roots: []` keeps the directory argument: server-filesystem lets the client's roots replace it.
    const manager = await connect({ fs: { command: process.execPath, args: [FILESYSTEM, dir], roots: [] } });
    expect(manager.status()[0]?.tools).toEqual(expect.arrayContaining(["mcp__fs__read_text_file", "mcp__fs__list_directory", "mcp__fs__write_file"]));
    expect(parse(await handleFunctionCall("mcp__fs__read_text_file", { path: join(dir, "hello.txt") }))).toMatchObject({ result: "hello from disk\n" });
    expect(String(parse(await handleFunctionCall("mcp__fs__list_directory", { path: dir })).result)).toContain("[FILE] hello.txt");
    const denied = parse(await handleFunctionCall("mcp__fs__read_text_file", { path: "/etc/hostname" }));
    expect(String(denied.error)).toMatch(/denied|outside|not allowed/i);
  });
});

/**
 * quiver as a client of both revisions, over stdio and HTTP: a 2.x server (2026-07-28) and a
 * 1.x server (2025-11-25 only), each connected with the revision shown in status (what
 * `quiver mcp list` prints). A 2026-07-28 server's input request (elicitation inside a tool
 * call) goes to the same handler as a 2025 server's elicitation request; a cacheable
 * `tools/list` is re-listed when its ttl runs out, and an unchanged listing leaves the
 * registry as it was.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import { parseMcpServers } from "../../src/mcp/config.js";
import { knownLegacy } from "../../src/mcp/era-memory.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { registry } from "../../src/registry/index.js";
import { parse, startEverythingHttp, stopChild, testServer, waitFor } from "./support.js";

const MODERN = fileURLToPath(new URL("./fixtures/modern-server.mjs", import.meta.url));
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(servers: Record<string, unknown>): Promise<McpManager> {
  const manager = await connectConfiguredServers({ servers, backoff: { initialMs: 100, maxMs: 400 }, refreshDebounceMs: 10 });
  cleanups.push(() => manager.close());
  return manager;
}

async function modernHttp(args: string[] = []): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, [MODERN, "http", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  cleanups.push(() => stopChild(child));
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\S+)/.exec(seen);
      if (match !== null) resolve(match[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`modern-server exited with ${code}`)));
  });
}

const modernStdio = (args: string[] = []) => ({ command: process.execPath, args: [MODERN, "stdio", ...args] });

describe("both revisions as a client", () => {
  test("stdio: a 2.x server is spoken to on 2026-07-28, a 1.x server on 2025-11-25", async () => {
    const manager = await connect({ modern: modernStdio(), legacy: testServer() });
    const byName = Object.fromEntries(manager.status().map((s) => [s.name, s]));
    expect(byName.modern).toMatchObject({ state: "connected", protocolVersion: "2026-07-28" });
    expect(byName.legacy).toMatchObject({ state: "connected", protocolVersion: "2025-11-25" });
    expect(parse(await handleFunctionCall("mcp__modern__echo", { text: "hi" })).result).toBe("echo: hi");
    expect(parse(await handleFunctionCall("mcp__legacy__echo", { text: "hi" })).result).toBe("echo: hi");
  });

  test("HTTP: a 2.x server on 2026-07-28, a 1.x server (server-everything) on 2025-11-25", async () => {
    const everything = await startEverythingHttp();
    cleanups.push(() => everything.stop());
    const manager = await connect({ modern: { url: await modernHttp() }, legacy: { url: everything.url } });
    const byName = Object.fromEntries(manager.status().map((s) => [s.name, s]));
    expect(byName.modern).toMatchObject({ state: "connected", protocolVersion: "2026-07-28" });
    expect(byName.legacy).toMatchObject({ state: "connected", protocolVersion: "2025-11-25" });
    expect(parse(await handleFunctionCall("mcp__modern__echo", { text: "over http" })).result).toBe("echo: over http");
  });

  for (const transport of ["stdio", "http"] as const) {
    test(`a 2026-07-28 input request goes to the elicitation handler, as a 2025 one does (${transport})`, async () => {
      const config = transport === "stdio" ? modernStdio() : { url: await modernHttp() };
      const manager = await connect({ modern: config });
      const asked: string[] = [];
      manager.setInteraction({
        elicitation: async (request) => {
          asked.push(`${request.server}: ${String(request.params.message)}`);
          return { action: "accept", content: { name: "Ada" } };
        },
      });
      expect(parse(await handleFunctionCall("mcp__modern__ask", {})).result).toBe("hello Ada");
      expect(asked).toEqual(["modern: Your name?"]);
    });
  }

  test("a cacheable tools/list is listed again when its ttl runs out; the same tools leave the registry untouched", async () => {
    const manager = await connect({ cached: modernStdio(["--ttl", "300"]) });
    expect(manager.status()[0]).toMatchObject({ state: "connected", protocolVersion: "2026-07-28" });
    const generation = registry.generation;
    const stats = async (): Promise<number> => (JSON.parse(String(parse(await handleFunctionCall("mcp__cached__stats", {})).result)) as { toolsListRequests: number }).toolsListRequests;
    await waitFor(async () => (await stats()) >= 3, "two re-listings after the ttl");
    expect(registry.generation).toBe(generation);
    expect(manager.status()[0]?.tools).toEqual(["mcp__cached__ask", "mcp__cached__echo", "mcp__cached__stats"]);
  });

  test("a stdio server found 2025-only is remembered, so the next connect skips the probe; a 2026-07-28 one is not", async () => {
    const legacy = testServer(["--instructions", `era-memory-${process.pid}`]);
    const modern = modernStdio(["--ttl", "0"]);
    const configs = parseMcpServers({ legacy, modern }).servers;
    const [legacyConfig, modernConfig] = [configs.find((c) => c.name === "legacy")!, configs.find((c) => c.name === "modern")!];
    expect(knownLegacy(legacyConfig)).toBe(false);
    await connect({ legacy, modern });
    expect(knownLegacy(legacyConfig)).toBe(true);
    expect(knownLegacy(modernConfig)).toBe(false);
    const again = await connect({ legacy2: legacy });
    expect(again.status()[0]).toMatchObject({ state: "connected", protocolVersion: "2025-11-25" });
  });

  test("within the ttl nothing is listed again", async () => {
    const manager = await connect({ cached: modernStdio(["--ttl", "60000"]) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = JSON.parse(String(parse(await handleFunctionCall("mcp__cached__stats", {})).result)) as { toolsListRequests: number };
    expect(seen.toolsListRequests).toBe(1);
    expect(manager.status()[0]?.state).toBe("connected");
  });
});

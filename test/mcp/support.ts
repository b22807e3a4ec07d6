/** Shared helpers for the MCP tests: server launch configs, polling, free ports, child cleanup. */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { createQuiverMcpServer } from "../../src/mcp/server.js";
import { closeAfterEach } from "../helpers/lifecycle.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const TEST_SERVER = fileURLToPath(new URL("../helpers/test-mcp-server.mjs", import.meta.url));
export const EVERYTHING = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url));
export const FILESYSTEM = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", import.meta.url));
/** Preload that pins any server's listen() to 127.0.0.1 and reports the port it got. */
export const LOOPBACK_PRELOAD = fileURLToPath(new URL("./fixtures/loopback-only.mjs", import.meta.url));

/** Raw `mcp.servers.<name>` entry for our scriptable test server. */
export function testServer(args: string[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [TEST_SERVER, ...args], ...extra };
}

/** Returns `everything()`: a manager connected to server-everything over stdio, closed after the test. */
export function useEverything(): () => Promise<McpManager> {
  const keep = closeAfterEach();
  return () => keep(connectConfiguredServers({ servers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } } }));
}

/** Polls until `check` returns a truthy value; generous by default (CI is a busy 2-core box). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function parse(output: unknown): Record<string, unknown> {
  if (typeof output !== "string") throw new Error(`expected a JSON string result, got ${JSON.stringify(output)}`);
  return JSON.parse(output) as Record<string, unknown>;
}

/**
 * Starts server-everything in Streamable HTTP mode on a free loopback port (its own code listens
 * on every interface; the preload pins it to 127.0.0.1) and resolves with its URL.
 */
export async function startEverythingHttp(port = 0): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", LOOPBACK_PRELOAD, EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const bound = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${seen}`)), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LOOPBACK_PORT=(\d+)/.exec(seen);
      if (match === null) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server-everything exited with ${code}: ${seen}`)));
  });
  return { url: `http://127.0.0.1:${bound}/mcp`, port: bound, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
  await exited;
  clearTimeout(timer);
}

/**
 * MCP managers and in-memory `quiver serve` clients made by one test file, closed together by
 * `closeAll()` (call it from afterEach).
 */
export function mcpHarness(name: string) {
  const managers: McpManager[] = [];
  const clients: Client[] = [];
  return {
    async connect(servers: Record<string, unknown>): Promise<McpManager> {
      const manager = await connectConfiguredServers({ servers, backoff: { initialMs: 100, maxMs: 400 } });
      managers.push(manager);
      return manager;
    },
    /** An SDK client talking to a new quiver MCP server over InMemoryTransport. */
    async serveClient(enabledToolsets: string[], logs?: "session" | "process"): Promise<Client> {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createQuiverMcpServer({ enabledToolsets, ...(logs !== undefined && { logs }) }).connect(serverSide);
      const client = new Client({ name, version: "1.0.0" });
      await client.connect(clientSide);
      clients.push(client);
      return client;
    },
    /** Keeps an extra client to close with the rest. */
    track(client: Client): void {
      clients.push(client);
    },
    async closeAll(): Promise<void> {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await Promise.all(managers.splice(0).map((m) => m.close()));
    },
  };
}

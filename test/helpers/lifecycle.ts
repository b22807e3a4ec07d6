/**
 * Resources a test file opens and its hooks close: each helper registers its own vitest hooks,
 * so call it at the top level of a test file (or of a describe block).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startScriptedServer, type ScriptedServer, type ScriptedServerOptions } from "./scripted-openai-server.js";

/** Anything a test opens that `close()` releases: servers, MCP managers, clients. */
export interface Closable {
  close(): unknown;
}

/** Returns `keep(resource)`: what a test keeps is closed after that test, the last kept first. */
export function closeAfterEach(): <T extends Closable>(resource: T | Promise<T>) => Promise<T> {
  const open: Closable[] = [];
  afterEach(async () => {
    while (open.length > 0) await open.pop()!.close();
  });
  return async (resource) => {
    const kept = await resource;
    open.push(kept);
    return kept;
  };
}

/** Returns `startServer(options)`: a scripted OpenAI server that is closed after the test that started it. */
export function useScriptedServers(): (options?: ScriptedServerOptions) => Promise<ScriptedServer> {
  const keep = closeAfterEach();
  return (options) => keep(startScriptedServer(options));
}

/** A temp dir holding `files` (name → content) for a whole test file; read `.path` inside tests. */
export function useTempDir(prefix: string, files: Record<string, string> = {}): { readonly path: string } {
  let path = "";
  beforeAll(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(path, name), content);
  });
  afterAll(() => rmSync(path, { recursive: true, force: true }));
  return {
    get path() {
      return path;
    },
  };
}

/** A loopback port nothing listens on: bind one, then let it go. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

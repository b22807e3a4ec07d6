/** A stdio MCP server configured with `sandbox: true` runs in the terminal's sandbox. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { registry } from "../../src/registry/index.js";
import { sandboxWorld, type SandboxWorld } from "./harness.js";

const WRITER = fileURLToPath(new URL("./fixtures/writer-mcp-server.mjs", import.meta.url));
const REPO = resolve(import.meta.dirname, "../..");

let world: SandboxWorld;
let manager: McpManager | undefined;
beforeEach(() => {
  world = sandboxWorld();
  // A checkout in the host's /tmp is hidden by the sandbox's private /tmp: the server's script and its SDK must be seen.
  if (REPO === "/tmp" || REPO.startsWith("/tmp/")) world.configure({ writable: [REPO] });
});
afterEach(async () => {
  await manager?.close();
  manager = undefined;
  world.cleanup();
});

async function writeThrough(server: string, path: string): Promise<string> {
  const out = await registry.dispatch(`mcp__${server}__write_file_at`, { path, text: "x" }, {});
  return typeof out === "string" ? out : JSON.stringify(out);
}

describe("mcp.servers.<name>.sandbox", () => {
  it("true: the server cannot write the home, but can write the project", async () => {
    manager = await connectConfiguredServers({
      servers: {
        boxed: { command: process.execPath, args: [WRITER], sandbox: true, cwd: world.project },
        free: { command: process.execPath, args: [WRITER], cwd: world.project },
      },
      waitMs: 15_000,
    });
    expect(manager.status().map((s) => [s.name, s.state])).toEqual([["boxed", "connected"], ["free", "connected"]]);

    expect(await writeThrough("boxed", join(world.home, "from-boxed.txt"))).toMatch(/EROFS/);
    expect(existsSync(join(world.home, "from-boxed.txt"))).toBe(false);
    expect(await writeThrough("boxed", join(world.project, "in-project.txt"))).toMatch(/wrote/);
    expect(existsSync(join(world.project, "in-project.txt"))).toBe(true);

    // The same server unsandboxed can: the difference is the sandbox.
    expect(await writeThrough("free", join(world.home, "from-free.txt"))).toMatch(/wrote/);
  });
});

/**
 * Roots: quiver advertises `roots` with listChanged, offers the working directory (or the
 * configured `roots`), and tells servers when it changes. Proven against server-filesystem
 * started with no directory arguments (roots-only mode).
 */
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { ConnectOptions } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import type { ChatSetup } from "../../src/cli/chat.js";
import { runSlashCommand } from "../../src/cli/slash-commands.js";
import type { SlashContext } from "../../src/cli/slash-commands.js";
import { styleFor } from "../../src/cli/style.js";
import { FILESYSTEM, parse, waitFor } from "./support.js";

const managers: McpManager[] = [];
const dirs: string[] = [];

async function connect(servers: Record<string, unknown>, opts: Partial<ConnectOptions> = {}): Promise<McpManager> {
  const manager = await connectConfiguredServers({ servers, backoff: { initialMs: 100, maxMs: 400 }, ...opts });
  managers.push(manager);
  return manager;
}

async function allowed(): Promise<string> {
  return String(parse(await handleFunctionCall("mcp__fs__list_allowed_directories", {})).result);
}

beforeAll(async () => {
  for (let i = 0; i < 3; i++) dirs.push(await realpath(await mkdtemp(join(tmpdir(), "quiver-mcp-roots-"))));
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("roots", () => {
  test("server-filesystem in roots-only mode works on the configured roots", async () => {
    const [a, b] = dirs as [string, string];
    const manager = await connect({ fs: { command: process.execPath, args: [FILESYSTEM], roots: [a, b] } });
    expect(manager.status()[0]?.state).toBe("connected");
    await waitFor(async () => (await allowed()).includes(b), "the roots to reach the server");
    const list = await allowed();
    expect(list).toContain(a);
    expect(list).toContain(b);
  });

  test("the default root is the working directory; a change is announced with roots/list_changed", async () => {
    const [a, , c] = dirs as [string, string, string];
    let cwd = a;
    const manager = await connect({ fs: { command: process.execPath, args: [FILESYSTEM] } }, { workingDirectory: () => cwd });
    await waitFor(async () => (await allowed()).includes(a), "the working directory as root");
    cwd = c;
    await manager.notifyRootsChanged();
    await waitFor(async () => (await allowed()).includes(c), "the new working directory as root");
    expect(await allowed()).not.toContain(a);
  });

  test("/cd in the REPL moves the working directory and the server follows", async () => {
    const [, b] = dirs as [string, string];
    const before = process.cwd();
    const manager = await connect({ fs: { command: process.execPath, args: [FILESYSTEM] } });
    const printed: string[] = [];
    const ctx = { setup: { mcp: manager } as unknown as ChatSetup, style: styleFor({ isTTY: false } as unknown as NodeJS.WritableStream), print: (t: string) => printed.push(t) } as unknown as SlashContext;
    try {
      await runSlashCommand(`/cd ${b}`, ctx);
      expect(process.cwd()).toBe(b);
      await waitFor(async () => (await allowed()).includes(b), "the /cd directory as root");
      await runSlashCommand("/cd /no/such/dir", ctx);
      expect(printed.at(-1)).toMatch(/not a directory/);
      expect(process.cwd()).toBe(b);
    } finally {
      process.chdir(before);
    }
  });
});

/**
 * What the model and the chat banner see when an OAuth server's sign-in runs out mid-session:
 * the tool call's error names the sign-in and the command, and the manager's start-up problems
 * say "needs sign-in" with the command (the chat prints those under its banner).
 */
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { ToolRegistry } from "../../src/registry/index.js";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { startOAuthMcpServer } from "../helpers/oauth-mcp-server.js";
import type { OAuthMcpServer } from "../helpers/oauth-mcp-server.js";

const FETCH_BROWSER = join(import.meta.dirname, "..", "conformance", "fetch-browser.mjs");

let server: OAuthMcpServer;
let home: { home: string; cleanup: () => void };
let manager: McpManager | undefined;

beforeAll(() => assertBuilt());

beforeEach(async () => {
  server = await startOAuthMcpServer();
  home = tempHome("quiver-oauth-model-");
  process.env.QUIVER_HOME = home.home;
  writeFileSync(join(home.home, "config.yaml"), `mcp:\n  servers:\n    secure:\n      url: ${server.url}\n`);
});

afterEach(async () => {
  await manager?.close();
  manager = undefined;
  await server.close();
  home.cleanup();
});

function connect(): Promise<McpManager> {
  return createMcpManager({ secure: { url: server.url, connectTimeout: 10 } }, { registry: new ToolRegistry(), backoff: { initialMs: 60_000, maxMs: 60_000 } });
}

describe("OAuth sign-in in the model's view", () => {
  it("a server needing sign-in is a start-up problem naming the command", async () => {
    manager = await connect();
    await manager.start();
    expect(manager.problems()).toEqual(['server "secure" needs sign-in: run `quiver mcp login secure`']);
  });

  it("a call whose token was revoked (refresh refused too) fails with the sign-in and the command", async () => {
    const login = await runCli(["mcp", "login", "secure"], cliEnv({ HOME: home.home, QUIVER_HOME: home.home, BROWSER: FETCH_BROWSER }));
    expect(login.code, login.stderr).toBe(0);
    manager = await connect();
    await manager.start();
    const connection = manager.connection("secure");
    expect(connection?.state).toBe("connected");
    expect(await connection?.call("whoami", {}, {})).toContain("client ");
    server.revokeAll();
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    const failed = await connection?.call("whoami", {}, {}).finally(() => (console.warn = warn));
    expect(warnings).toEqual([]); // the SDK's "[mcp-sdk] invalid_grant" goes to the debug log, not the terminal
    expect(failed).toContain("needs sign-in");
    expect(failed).toContain("run `quiver mcp login secure`");
  });
});

/**
 * Step-up on `insufficient_scope` outside `quiver mcp login`: the call fails with "needs sign-in
 * (it asks for more access: …)" and the command, the required scope is remembered, and the next
 * `quiver mcp login` asks for it, after which the call works.
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
  server = await startOAuthMcpServer({ toolScope: "admin" });
  home = tempHome("quiver-oauth-stepup-");
  process.env.QUIVER_HOME = home.home;
  writeFileSync(join(home.home, "config.yaml"), `mcp:\n  servers:\n    secure:\n      url: ${server.url}\n`);
});

afterEach(async () => {
  await manager?.close();
  manager = undefined;
  await server.close();
  home.cleanup();
});

async function connected(): Promise<McpManager> {
  const m = await createMcpManager({ secure: { url: server.url, connectTimeout: 10 } }, { registry: new ToolRegistry(), backoff: { initialMs: 60_000, maxMs: 60_000 } });
  await m.start();
  return m;
}

const login = () => runCli(["mcp", "login", "secure"], cliEnv({ HOME: home.home, QUIVER_HOME: home.home, BROWSER: FETCH_BROWSER }));

describe("step-up on insufficient_scope", () => {
  it("says which access is missing and how to grant it; the next login asks for it", async () => {
    expect((await login()).code).toBe(0);
    expect(server.authorizations[0]?.get("scope")).toBe("mcp");
    manager = await connected();
    const refused = await manager.connection("secure")?.call("whoami", {}, {});
    expect(refused).toContain("needs sign-in (it asks for more access: mcp admin): run `quiver mcp login secure`");
    await manager.close();
    manager = undefined;

    const again = await login();
    expect(again.code, again.stderr).toBe(0);
    expect(server.authorizations[1]?.get("scope")).toBe("mcp admin");
    manager = await connected();
    expect(await manager.connection("secure")?.call("whoami", {}, {})).toContain("client ");
  });
});

/**
 * The built CLI with MCP servers in config.yaml: `quiver mcp list`, `quiver tools …` seeing MCP
 * tools, and `quiver serve` over stdio driven by the SDK's own Client.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import { CLI, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { EVERYTHING, stopChild, testServer, waitFor } from "./support.js";

const cleanups: Array<() => void | Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh $QUIVER_HOME whose config.yaml has these MCP servers (JSON is valid YAML). */
function homeWith(servers: Record<string, unknown>): string {
  const { home, cleanup } = tempHome("quiver-mcp-cli-");
  cleanups.push(cleanup);
  writeFileSync(join(home, "config.yaml"), JSON.stringify({ mcp: { servers } }, null, 2));
  return home;
}

const everything = { command: process.execPath, args: [EVERYTHING, "stdio"] };

describe("quiver mcp list", () => {
  test("shows each server's state, tool count and error; exit 1 when one is down", async () => {
    const home = homeWith({ everything, dead: testServer(["--exit-at-start"]) });
    const r = await runCli(["mcp", "list"], cliEnv({ QUIVER_HOME: home }));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^SERVER\s+TRANSPORT\s+STATE\s+TOOLS/m);
    expect(r.stdout).toMatch(/^everything\s+stdio\s+connected\s+\d+\s+mcp-everything/m);
    expect(r.stdout).toMatch(/^dead\s+stdio\s+failed\s+0/m);
    expect(r.stdout).toMatch(/dead: .*refusing to start/);
  });

  test("--json gives the full status; no servers configured is not an error", async () => {
    const r = await runCli(["mcp", "list", "--json"], cliEnv({ QUIVER_HOME: homeWith({ everything }) }));
    expect(r.code).toBe(0);
    const [status] = (JSON.parse(r.stdout) as { servers: Array<Record<string, unknown>> }).servers;
    expect(status).toMatchObject({ name: "everything", state: "connected", toolset: "mcp-everything" });
    expect(status?.tools).toContain("mcp__everything__echo");

    const empty = await runCli(["mcp", "list"], cliEnv({ QUIVER_HOME: homeWith({}) }));
    expect(empty.code).toBe(0);
    expect(empty.stdout).toMatch(/No MCP servers configured/);
  });

  test("shows the revision each server speaks: 2026-07-28 for a 2.x server, 2025-11-25 for a 1.x one", async () => {
    const modern = { command: process.execPath, args: [fileURLToPath(new URL("./fixtures/modern-server.mjs", import.meta.url)), "stdio"] };
    const home = homeWith({ modern, legacy: testServer() });
    const r = await runCli(["mcp", "list"], cliEnv({ QUIVER_HOME: home }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^SERVER\s+TRANSPORT\s+STATE\s+TOOLS\s+TOOLSET\s+REVISION$/m);
    expect(r.stdout).toMatch(/^modern\s+stdio\s+connected\s+3\s+mcp-modern\s+2026-07-28$/m);
    expect(r.stdout).toMatch(/^legacy\s+stdio\s+connected\s+\d+\s+mcp-legacy\s+2025-11-25$/m);
    const json = await runCli(["mcp", "list", "--json"], cliEnv({ QUIVER_HOME: home }));
    const servers = (JSON.parse(json.stdout) as { servers: Array<{ name: string; protocolVersion?: string }> }).servers;
    expect(Object.fromEntries(servers.map((s) => [s.name, s.protocolVersion]))).toEqual({ modern: "2026-07-28", legacy: "2025-11-25" });
  });
});

describe("quiver tools with MCP servers", () => {
  test("tools call runs an MCP tool from the shell", async () => {
    const r = await runCli(["tools", "call", "mcp__everything__echo", '{"message":"hi"}'], cliEnv({ QUIVER_HOME: homeWith({ everything }) }));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ result: "Echo: hi" });
  });

  test("--debug shows a server's log messages on stderr; without it, info messages stay quiet", async () => {
    const env = cliEnv({ QUIVER_HOME: homeWith({ p: testServer() }) });
    const args = ["tools", "call", "mcp__p__log", '{"level":"info","message":"hello from the server log"}'];
    const debug = await runCli(["--debug", ...args], env);
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain("[quiver info] mcp: [p/test] hello from the server log");
    const quiet = await runCli(args, env);
    expect(quiet.stderr).not.toContain("hello from the server log");
  });

  test("tools list and show include MCP tools and report servers that failed", async () => {
    const env = { QUIVER_HOME: homeWith({ everything, dead: testServer(["--exit-at-start"]) }) };
    const list = await runCli(["tools", "list"], cliEnv(env));
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("mcp__everything__echo");
    expect(list.stderr).toMatch(/MCP server "dead" failed/);
    const show = await runCli(["tools", "show", "mcp__everything__echo"], cliEnv(env));
    expect(JSON.parse(show.stdout)).toMatchObject({ type: "function", function: { name: "mcp__everything__echo", parameters: { type: "object" } } });
  });
});

describe("quiver serve over stdio", () => {
  async function connect(home: string, args: string[] = []): Promise<{ client: Client; errors: Error[] }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", ...args],
      env: { ...getDefaultEnvironment(), QUIVER_HOME: home },
      stderr: "pipe",
    });
    const client = new Client({ name: "quiver-test-client", version: "1.0.0" });
    const errors: Error[] = [];
    client.onerror = (err) => void errors.push(err);
    await client.connect(transport);
    cleanups.push(() => client.close());
    return { client, errors };
  }

  test("lists tools, runs read_file, and flags bad arguments with isError", async () => {
    const home = homeWith({});
    // Outside $QUIVER_HOME: reading inside it is a protected read (it asks).
    const { home: work, cleanup } = tempHome("quiver-mcp-cli-work-");
    cleanups.push(cleanup);
    writeFileSync(join(work, "notes.txt"), "alpha\nbeta\n");
    const { client, errors } = await connect(home);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["read_file", "terminal", "write_file"]));

    const ok = (await client.callTool({ name: "read_file", arguments: { path: join(work, "notes.txt") } })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
    expect((ok.content[0] as { text: string }).text).toMatch(/1\|alpha/);

    const bad = (await client.callTool({ name: "read_file", arguments: {} })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect((bad.content[0] as { text: string }).text).toMatch(/Invalid arguments/);
    // Nothing but protocol on stdout: a stray line would surface as a parse error here.
    expect(errors).toEqual([]);
  });

  test("serves the tools of its own MCP servers, and relays their list changes as list_changed", async () => {
    const { client } = await connect(homeWith({ inner: testServer() }), ["--toolsets", "inner"]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("mcp__inner__echo");
    expect(names).not.toContain("read_file");
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    await client.callTool({ name: "mcp__inner__add_tool", arguments: { name: "relayed" } });
    await waitFor(() => changes > 0, "list_changed from quiver serve");
    await waitFor(async () => (await client.listTools()).tools.some((t) => t.name === "mcp__inner__relayed"), "the relayed tool");
    const result = (await client.callTool({ name: "mcp__inner__relayed", arguments: {} })) as CallToolResult;
    // Passed through as the inner server sent it, not re-wrapped as {"result": …} JSON.
    expect(result.content).toEqual([{ type: "text", text: "I am relayed" }]);
  });
});

describe("quiver serve --http", () => {
  test("prints its loopback URL, serves MCP there, and stops cleanly on SIGTERM", async () => {
    const home = homeWith({});
    const child = spawn(process.execPath, [CLI, "serve", "--http", "--port", "0", "--no-mcp"], { env: { ...process.env, QUIVER_HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => stopChild(child));
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const url = await waitFor(() => /serving MCP over Streamable HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1], "the URL on stderr");
    const client = new Client({ name: "quiver-test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("read_file");
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  test("refuses a non-loopback bind without a token", async () => {
    const r = await runCli(["serve", "--http", "--host", "0.0.0.0", "--port", "0", "--no-mcp"], cliEnv({ QUIVER_HOME: homeWith({}), QUIVER_SERVE_TOKEN: undefined }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/non-loopback address 0\.0\.0\.0 without a token/);
  });
});

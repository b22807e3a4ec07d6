/**
 * Fault: a tool that never settles. Registered with `timeoutMs: 1000`, it must come back as
 * `error_type: "timeout"` at its deadline everywhere a call can come from: `quiver tools call`
 * (exit 1, the error printed), `quiver chat -p` (the model gets the timeout and the turn goes
 * on), the in-process agent, and `quiver serve` (which keeps answering other calls meanwhile).
 * Before the fix the CLI exited 13 with no output: nothing but the deadline timer was left to
 * keep the process alive, and that timer was unref'd.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { agentOn, toolResults, useTempHome } from "../agent/fixture.js";
import { assertBuilt, CLI, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const HANGING_TOOL = `
import { registry } from "quiver";
registry.register({
  name: "hang",
  toolset: "faulty",
  timeoutMs: 1000,
  schema: { name: "hang", description: "Never answers.", parameters: { type: "object", properties: {} } },
  handler: () => new Promise(() => {}),
});
`;

const cleanups: Array<() => void | Promise<void>> = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
// Registered after the cleanups, so each test's servers close first.
const startServer = useScriptedServers();

/** A temp QUIVER_HOME whose user tools hold the hanging tool. */
function homeWithHangingTool(): string {
  const { home, cleanup } = tempHome("quiver-fault-hang-");
  cleanups.push(cleanup);
  mkdirSync(join(home, "tools"));
  writeFileSync(join(home, "tools", "hang.mjs"), HANGING_TOOL);
  return home;
}

function expectTimeout(text: string): void {
  const body = JSON.parse(text) as { error: string; error_type: string };
  expect(body.error_type).toBe("timeout");
  expect(body.error).toMatch(/hang timed out after 1s/);
}

describe("a tool that never settles", () => {
  it("quiver tools call prints the timeout error and exits 1", async () => {
    const started = Date.now();
    const result = await runCli(["tools", "call", "hang", "{}"], cliEnv({ QUIVER_HOME: homeWithHangingTool() }));
    expect(result.code).toBe(1);
    expectTimeout(result.stdout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("quiver chat -p hands the timeout to the model and finishes the turn", async () => {
    const server = await startServer({ replies: [toolCall("hang", {}), text("The tool timed out.")] });
    const env = cliEnv({ QUIVER_HOME: homeWithHangingTool(), OPENAI_API_KEY: "sk-fault-0123456789", OPENAI_BASE_URL: server.baseUrl, QUIVER_MODEL: "scripted-model" });
    const result = await runCli(["chat", "-p", "call the hanging tool"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("The tool timed out.\n");
    expectTimeout(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!);
  });

  it("the agent in process answers the call with the timeout", async () => {
    const home = useTempHome("quiver-fault-agent-");
    cleanups.push(() => home.restore());
    registry.register({ name: "hang_in_process", toolset: "faulty", timeoutMs: 1000, schema: {}, handler: () => new Promise(() => {}) });
    cleanups.push(() => void registry.deregister("hang_in_process"));
    const server = await startServer({ replies: [toolCall("hang_in_process", {}), text("ok")] });
    const { agent } = agentOn(server, { loadBuiltinTools: false });
    await agent.run("go");
    const body = JSON.parse(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!) as { error_type: string };
    expect(body.error_type).toBe("timeout");
  });

  it("quiver serve answers the call with the timeout and keeps serving others meanwhile", async () => {
    const home = homeWithHangingTool();
    // Outside $QUIVER_HOME: reading inside it is a protected read (it asks).
    const { home: work, cleanup } = tempHome("quiver-fault-hang-work-");
    cleanups.push(cleanup);
    writeFileSync(join(work, "notes.txt"), "alpha\n");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "--no-mcp"],
      env: { ...getDefaultEnvironment(), QUIVER_HOME: home },
      stderr: "pipe",
    });
    const client = new Client({ name: "fault-test", version: "1.0.0" });
    await client.connect(transport);
    cleanups.push(() => client.close());

    const hanging = client.callTool({ name: "hang", arguments: {} }) as Promise<CallToolResult>;
    const quick = (await client.callTool({ name: "read_file", arguments: { path: join(work, "notes.txt") } })) as CallToolResult;
    expect((quick.content[0] as { text: string }).text).toMatch(/1\|alpha/);
    const result = await hanging;
    expect(result.isError).toBe(true);
    expectTimeout((result.content[0] as { text: string }).text);
  });
});

/**
 * The built CLI ends the HTTP sessions it opened with remote MCP servers when it exits: the
 * server sees one DELETE per session, for `quiver tools call` and for `quiver chat -p`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { startRecordingMcpServer } from "../helpers/recording-mcp-http-server.js";
import type { RecordingMcpServer } from "../helpers/recording-mcp-http-server.js";
import { startScriptedServer, text, toolCall } from "../helpers/scripted-openai-server.js";
import type { ScriptedServer } from "../helpers/scripted-openai-server.js";

const cleanups: Array<() => void | Promise<void>> = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function remote(): Promise<{ server: RecordingMcpServer; home: string }> {
  const server = await startRecordingMcpServer();
  const { home, cleanup } = tempHome("quiver-fault-delete-");
  cleanups.push(() => server.close(), cleanup);
  writeFileSync(join(home, "config.yaml"), JSON.stringify({ mcp: { servers: { remote: { url: server.url } } } }));
  return { server, home };
}

describe("the client's DELETE on exit", () => {
  test("quiver tools call ends its session before exiting", async () => {
    const { server, home } = await remote();
    const r = await runCli(["tools", "call", "mcp__remote__echo", '{"text":"bye"}'], cliEnv({ QUIVER_HOME: home }));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("echo: bye");
    expect(server.sessions).toHaveLength(1);
    expect(server.deletes()).toEqual(server.sessions);
  });

  test("quiver chat -p ends its session before exiting", async () => {
    const { server, home } = await remote();
    const model: ScriptedServer = await startScriptedServer({ replies: [toolCall("mcp__remote__echo", { text: "via chat" }), text("done")] });
    cleanups.push(() => model.close());
    const r = await runCli(["chat", "-p", "echo it", "--toolsets", "remote"], cliEnv({ QUIVER_HOME: home, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: "sk-test", QUIVER_MODEL: "m" }));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    const answer = model.chatRequests[1]!.body!.messages.at(-1);
    expect(String(answer?.content)).toContain("echo: via chat");
    expect(server.deletes()).toEqual(server.sessions);
    expect(server.sessions).toHaveLength(1);
  });
});

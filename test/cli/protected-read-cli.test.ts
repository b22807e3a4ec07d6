/**
 * Reading credentials through every front end of the built CLI: only a person answering the
 * prompt for this very read allows it. `tools call` and `chat` on a terminal ask; without one,
 * `--yes`, `chat -p` and `serve --allow-dangerous` answer approval_required (never "denied"),
 * saying why --yes does not cover it and how a person can allow it.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import stripAnsi from "strip-ansi";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, useCliSandbox, waitFor } from "../helpers/cli.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const SECRET = "s3cr3t-private-key-material";
const cli = useCliSandbox({ homePrefix: "quiver-protected-cli-", apiKey: "sk-protected-test-0123456789" });

let home = "";
let key = "";
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "quiver-protected-user-"));
  mkdirSync(join(home, ".ssh"));
  key = join(home, ".ssh", "id_rsa");
  writeFileSync(key, `${SECRET}\n`);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function expectTruthfulRefusal(body: { error?: string; error_type?: string }): void {
  expect(body.error_type).toBe("approval_required");
  expect(body.error).toContain("do not cover reading credentials");
  expect(body.error).toContain(key);
  expect(body.error).not.toMatch(/denied/i);
  expect(JSON.stringify(body)).not.toContain(SECRET);
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), answering `answer` when asked. */
function onTty(args: string[], env: NodeJS.ProcessEnv, answer: string, input = ""): Promise<string> {
  const command = [process.execPath, CLI, ...args].map((p) => `'${p.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qefc", command, "/dev/null"], { env: { ...env, NO_COLOR: "1" } });
  let screen = "";
  let answered = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      screen = stripAnsi(screen + chunk);
      if (!answered && /Allow\? \[y\/N\] $/.test(screen)) {
        answered = true;
        child.stdin.write(`${answer}\r`);
      }
      if (answered && input !== "" && /Read it\.[\s\S]*❯ $/.test(screen)) child.stdin.write("\x04");
    });
    if (input !== "") setTimeout(() => child.stdin.write(input), 500);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(screen.replace(/\r/g, ""));
    });
  });
}

describe("quiver tools call read_file on a credential", () => {
  it("without a terminal: approval_required, naming the path and why", async () => {
    const r = await cli.run(["tools", "call", "read_file", JSON.stringify({ path: key })], { env: { HOME: home } });
    expect(r.code).toBe(1);
    expectTruthfulRefusal(JSON.parse(r.stdout) as { error: string });
  });

  it("--yes does not cover it", async () => {
    const r = await cli.run(["tools", "call", "--yes", "read_file", JSON.stringify({ path: "~/.ssh/id_rsa" })], { env: { HOME: home } });
    expect(r.code).toBe(1);
    expectTruthfulRefusal(JSON.parse(r.stdout) as { error: string });
  });

  it.skipIf(!hasScript)("on a terminal it asks, and reads on y", async () => {
    const screen = await onTty(["tools", "call", "--yes", "read_file", JSON.stringify({ path: key })], cli.env({ HOME: home }), "y");
    expect(screen).toContain("read_file needs your approval");
    expect(screen).toContain(key);
    expect(screen).toContain(SECRET);
  });
});

describe("quiver chat and a model reading credentials", () => {
  it("chat -p without a terminal, even with --yes: the model gets approval_required", async () => {
    const server = await cli.startServer({ replies: [toolCall("read_file", { path: key }), text("Could not read it.")] });
    const r = await cli.run(["chat", "--yes", "-p", "read my key"], { env: { HOME: home } });
    expect(r.code).toBe(0);
    const result = toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!;
    expect(result).not.toContain(SECRET);
    expectTruthfulRefusal(JSON.parse(result.slice(result.indexOf("{"), result.lastIndexOf("}") + 1)) as { error: string });
  });

  it.skipIf(!hasScript)("chat on a terminal asks y/N (no 'always' offered) and reads on y", async () => {
    const server = await cli.startServer({ replies: [toolCall("read_file", { path: key }), text("Read it.")] });
    const screen = await onTty(["chat", "--yes"], cli.env({ HOME: home }), "y", "read my key\r");
    expect(screen).toContain("read_file needs your approval");
    expect(screen).not.toContain("[a]lways");
    await waitFor(() => server.chatRequests.length >= 2, () => screen);
    expect(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")).toContain(SECRET);
  });
});

describe("quiver serve and credentials", () => {
  it("--allow-dangerous does not cover reading them: approval_required", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "--allow-dangerous"],
      env: { ...getDefaultEnvironment(), QUIVER_HOME: cli.home, HOME: home },
      stderr: "pipe",
    });
    const client = new Client({ name: "quiver-test-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: "read_file", arguments: { path: key } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expectTruthfulRefusal(JSON.parse((result.content[0] as { text: string }).text) as { error: string });
    } finally {
      await client.close();
    }
  });
});

/**
 * PreToolUse / PostToolUse through the built CLI on every tool path: chat -p (a built-in), an MCP
 * server's tool, tool_search, `tools call` and `serve`; the subagent path is in subagents.test.ts.
 * Each test has its own HOME and QUIVER_HOME; the hooks are real processes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { CLI, useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";
import { hookEntry, nodeHook, textOf, writeConfig } from "./support.js";

const cli = useCliSandbox({ homePrefix: "quiver-hooks-home-", apiKey: "sk-hooks-test-0123456789" });
const work = useTempDir("quiver-hooks-work-", {});
const TEST_SERVER = join(import.meta.dirname, "../helpers/test-mcp-server.mjs");
const env = () => ({ env: { HOME: cli.home }, cwd: work.path });

const denyWith = (reason: string): string =>
  nodeHook(work.path, `deny-${Math.random().toString(36).slice(2)}`, `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ${JSON.stringify(reason)} } }));`);

/** One chat -p turn in which the model makes `call`; the result the model got back. */
async function chatCall(name: string, args: Record<string, unknown>): Promise<{ result: string; stderr: string }> {
  const server = await cli.startServer({ replies: [toolCall(name, args), text("done")] });
  const r = await cli.run(["chat", "-p", "go"], env());
  expect(r.code, r.stderr).toBe(0);
  return { result: toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0") ?? "", stderr: r.stderr };
}

describe("PreToolUse denies on every path, and the reason reaches the model", () => {
  it("chat -p, a built-in tool", async () => {
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", denyWith("no touching in this repo"))] } });
    const { result } = await chatCall("terminal", { command: `touch ${join(work.path, "made")}` });
    expect(result).toContain("hook_denied");
    expect(result).toContain("no touching in this repo");
    expect(existsSync(join(work.path, "made"))).toBe(false);
  });

  it("an MCP server's tool (exit 2, stderr is the reason)", async () => {
    const block = nodeHook(work.path, "exit2", `process.stderr.write("echo is off limits: " + input.tool_name); process.exit(2);`);
    writeConfig(cli.home, { mcp: { servers: { t: { command: process.execPath, args: [TEST_SERVER] } } }, hooks: { PreToolUse: [hookEntry("mcp__t__.*", block)] } });
    const { result } = await chatCall("mcp__t__echo", { text: "hi" });
    expect(result).toContain("echo is off limits: mcp__t__echo");
    expect(result).not.toContain("echo: hi");
  });

  it("tool_search", async () => {
    writeConfig(cli.home, { tools: { search: "on" }, hooks: { PreToolUse: [hookEntry("tool_search", denyWith("searching is not allowed"))] } });
    const { result } = await chatCall("tool_search", { query: "read a file" });
    expect(result).toContain("searching is not allowed");
    expect(result).not.toContain('"tools"');
  });

  it("quiver tools call, matched by Claude Code's name (Read)", async () => {
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("Read", denyWith("reads are audited"))] } });
    const r = await cli.run(["tools", "call", "read_file", JSON.stringify({ path: join(work.path, "x") })], env());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("reads are audited");
  });

  it("quiver serve", async () => {
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", denyWith("not over MCP"))] } });
    const client = new Client({ name: "hooks-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--no-mcp"], env: { ...getDefaultEnvironment(), HOME: cli.home, QUIVER_HOME: cli.home }, stderr: "pipe", cwd: work.path }),
    );
    try {
      const out = textOf(await client.callTool({ name: "terminal", arguments: { command: `touch ${join(work.path, "served")}` } }));
      expect(out).toContain("not over MCP");
      expect(existsSync(join(work.path, "served"))).toBe(false);
    } finally {
      await client.close();
    }
  });
});

describe("what hooks can do to a call", () => {
  it("updatedInput changes the call that runs (and the permission rules judge the new one)", async () => {
    const rewrite = nodeHook(work.path, "rewrite", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "echo rewritten-by-hook" } } }));`);
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", rewrite)] } });
    const { result } = await chatCall("terminal", { command: "echo original" });
    expect(result).toContain("rewritten-by-hook");
    expect(result).not.toContain("original");
    writeConfig(cli.home, { permissions: { deny: ["terminal(echo rewritten*)"] }, hooks: { PreToolUse: [hookEntry("terminal", rewrite)] } });
    const again = await chatCall("terminal", { command: "echo original" });
    expect(again.result).toContain("permission_denied");
  });

  it("a hook on a read-only tool is handed a transcript that already holds the call", async () => {
    const log = join(work.path, "transcript-seen.txt");
    const probe = nodeHook(work.path, "transcript-probe", `fs.appendFileSync(${JSON.stringify(log)}, input.hook_event_name + ":" + fs.readFileSync(input.transcript_path, "utf8").includes('"id":"call_1_0"') + "\\n");`);
    writeFileSync(join(work.path, "notes.txt"), "notes\n");
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("read_file", probe)], PostToolUse: [hookEntry("read_file", probe)] } });
    const { result } = await chatCall("read_file", { path: join(work.path, "notes.txt") });
    expect(result).toContain("1|notes");
    expect(readFileSync(log, "utf8")).toBe("PreToolUse:true\nPostToolUse:true\n");
  });

  it("PostToolUse sees the output, and its context reaches the model", async () => {
    const seen = join(work.path, "post.json");
    const post = nodeHook(work.path, "post", `fs.writeFileSync(${JSON.stringify(seen)}, JSON.stringify(input)); process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "post-hook-was-here" } }));`);
    writeConfig(cli.home, { hooks: { PostToolUse: [hookEntry("", post)] } });
    const { result } = await chatCall("terminal", { command: "echo from-the-tool" });
    expect(result).toContain("post-hook-was-here");
    const event = JSON.parse(readFileSync(seen, "utf8")) as { hook_event_name: string; tool_name: string; tool_input: { command: string }; tool_response: { output: string }; session_id: string; cwd: string };
    expect(event.hook_event_name).toBe("PostToolUse");
    expect(event.tool_name).toBe("terminal");
    expect(event.tool_input.command).toBe("echo from-the-tool");
    expect(event.tool_response.output).toContain("from-the-tool");
    expect(event.session_id).not.toBe("");
  });

  it("a hanging hook is killed at its timeout and the call goes on", async () => {
    const hang = nodeHook(work.path, "hang", `setInterval(() => {}, 1000);`);
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", hang, 1)] } });
    const { result, stderr } = await chatCall("terminal", { command: "echo after-the-hang" });
    expect(result).toContain("after-the-hang");
    expect(stderr).toMatch(/timed out after 1(\.\d)? s and was killed/);
  });

  it("a hook's allow never lifts a deny rule nor a hard-line refusal", async () => {
    const allow = nodeHook(work.path, "allow", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }));`);
    writeConfig(cli.home, { permissions: { deny: ["terminal(touch *)"] }, hooks: { PreToolUse: [hookEntry("", allow)] } });
    expect((await chatCall("terminal", { command: `touch ${join(work.path, "nope")}` })).result).toContain("permission_denied");
    expect((await chatCall("terminal", { command: "rm -rf ~" })).result).toContain("hardline_refused");
  });

  it("a hook's allow answers the guard's own question (no --yes, no terminal)", async () => {
    const allow = nodeHook(work.path, "allow2", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }));`);
    const doomed = join(work.path, "doomed");
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", allow)] } });
    const { result } = await chatCall("terminal", { command: `mkdir -p ${doomed}/x && rm -r ${doomed}` });
    expect(result).toContain('"exit_code":0');
    expect(existsSync(doomed)).toBe(false);
  });
});

describe("hooks written for Claude Code run unchanged", () => {
  const python = process.env.PATH?.split(":").some((dir) => existsSync(join(dir, "python3"))) === true;
  it.skipIf(!python)("the documented Bash command validator (Python) blocks grep with its message", async () => {
    const script = join(import.meta.dirname, "../fixtures/hooks/bash_command_validator.py");
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("Bash", `python3 "${script}"`)] } });
    const { result } = await chatCall("terminal", { command: "grep -r needle ." });
    expect(result).toContain("Use 'rg' (ripgrep) instead of 'grep'");
    const ok = await chatCall("terminal", { command: "echo fine" });
    expect(ok.result).toContain("fine");
  });

  it("a jq one-liner on .tool_input.command", async () => {
    const jq = `jq -r '.tool_input.command' | grep -q 'rm ' && { echo 'no rm here' >&2; exit 2; } || exit 0`;
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("Bash", jq)] } });
    const { result } = await chatCall("terminal", { command: `rm ${join(work.path, "nothing")}` });
    expect(result).toContain("no rm here");
  });
});

describe("--debug", () => {
  it("shows each firing with its decision and duration", async () => {
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("terminal", denyWith("audited"))] } });
    await cli.startServer({ replies: [toolCall("terminal", { command: "echo hi" }), text("done")] });
    const r = await cli.run(["--debug", "chat", "-p", "go"], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/PreToolUse\(terminal\) hook .*: deny \(audited\) in \d+\.\d ms/);
  });
});

describe("quiver hooks list", () => {
  it("shows each hook with its event, matcher, timeout and source; a bad matcher is an error naming it", async () => {
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("Bash", "echo hi", 5)], Stop: [hookEntry(undefined, "echo bye")] } });
    const r = await cli.run(["hooks", "list"], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/PreToolUse\s+Bash\s+echo hi\s+\(timeout 5 s; user config/);
    expect(r.stdout).toMatch(/Stop\s+\*\s+echo bye\s+\(timeout 60 s/);
    writeConfig(cli.home, { hooks: { PreToolUse: [hookEntry("Bash(", "echo hi")] } });
    const bad = await cli.run(["hooks", "list"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"Bash("');
  });

  it("a project's .quiver/config.yaml hooks load only when opted in", async () => {
    writeConfig(cli.home, {});
    const project = join(work.path, "proj");
    mkdirSync(join(project, ".quiver"), { recursive: true });
    writeFileSync(join(project, ".quiver", "config.yaml"), JSON.stringify({ hooks: { PreToolUse: [hookEntry("", "echo from-the-repo")] } }));
    const plain = await cli.run(["hooks", "list"], { ...env(), cwd: project });
    expect(plain.stdout).toContain("No hooks configured");
    const opted = await cli.run(["hooks", "list", "--project-tools"], { ...env(), cwd: project });
    expect(opted.stdout).toMatch(/PreToolUse\s+\*\s+echo from-the-repo .*project config/);
  });
});

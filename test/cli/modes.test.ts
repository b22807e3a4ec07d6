/**
 * The permission modes through the real CLI (issue 23, item 7), decided at the one permission
 * gate: `--mode plan` offers read-only tools only and refuses any other call (nothing written,
 * no command run); `--mode accept-edits` lets file edits inside the project pass a rule's `ask`
 * while edits elsewhere and commands still follow the policy; `/mode` switches in the chat.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall, toolCalls } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-modes-", apiKey: "sk-modes-0123456789" });
let project = "";
let elsewhere = "";
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "quiver-modes-project-"));
  elsewhere = mkdtempSync(join(tmpdir(), "quiver-modes-elsewhere-"));
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

const offered = (body: { tools?: Array<{ function: { name: string } }> } | undefined): string[] => (body?.tools ?? []).map((t) => t.function.name).sort();

describe("--mode plan", () => {
  it("offers only read-only tools, and refuses a write or a command called anyway: nothing is written, nothing runs", async () => {
    writeFileSync(join(project, "notes.txt"), "plan me\n");
    const server = await cli.startServer({
      replies: [
        toolCalls([
          { name: "read_file", arguments: { path: "notes.txt" } },
          { name: "write_file", arguments: { path: "made.txt", content: "x" } },
          { name: "terminal", arguments: { command: `touch ${join(project, "touched")}` } },
        ]),
        text("Here is the plan."),
      ],
    });
    const result = await cli.run(["chat", "--no-mcp", "--mode", "plan", "-p", "plan it"], { cwd: project, env: { HOME: cli.home } });
    expect(result.code, result.stderr).toBe(0);
    const tools = offered(server.chatRequests[0]!.body);
    expect(tools).toContain("read_file");
    expect(tools).toContain("search_files");
    for (const writer of ["write_file", "patch", "terminal"]) expect(tools).not.toContain(writer);
    const results = toolResults(server.chatRequests[1]!.body!.messages);
    expect(results.get("call_1_0")).toContain("plan me");
    expect(results.get("call_1_1")).toContain("plan_mode");
    expect(results.get("call_1_2")).toContain("plan_mode");
    expect(existsSync(join(project, "made.txt"))).toBe(false);
    expect(existsSync(join(project, "touched"))).toBe(false);
  });

  it("rejects an unknown mode as a usage error naming the modes", async () => {
    const result = await cli.run(["chat", "--no-mcp", "--mode", "yolo", "-p", "hi"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--mode must be one of default, plan, accept-edits, got "yolo"');
  });
});

describe("--mode accept-edits", () => {
  // Relative globs match inside the project only; the absolute one covers the other folder.
  const askEverything = (): void =>
    writeFileSync(join(cli.home, "config.yaml"), `sandbox:\n  mode: "off"\npermissions:\n  ask:\n    - "write_file(**)"\n    - "write_file(${elsewhere}/**)"\n    - "terminal(touch *)"\n`);

  it("edits inside the project pass an ask rule without a prompt; edits elsewhere and commands still ask (and so are refused without a terminal)", async () => {
    askEverything();
    const outside = join(elsewhere, "outside.txt");
    const script = () => [
      toolCalls([
        { name: "write_file", arguments: { path: "inside.txt", content: "in" } },
        { name: "write_file", arguments: { path: outside, content: "out" } },
        { name: "terminal", arguments: { command: `touch ${join(project, "touched")}` } },
      ]),
      text("done"),
    ];
    const plain = await cli.startServer({ replies: script() });
    const before = await cli.run(["chat", "--no-mcp", "-p", "edit"], { cwd: project, env: { HOME: cli.home } });
    expect(before.code, before.stderr).toBe(0);
    expect(toolResults(plain.chatRequests[1]!.body!.messages).get("call_1_0")).toContain("approval_required");
    expect(existsSync(join(project, "inside.txt"))).toBe(false);

    const server = await cli.startServer({ replies: script() });
    const result = await cli.run(["chat", "--no-mcp", "--mode", "accept-edits", "-p", "edit"], { cwd: project, env: { HOME: cli.home } });
    expect(result.code, result.stderr).toBe(0);
    const results = toolResults(server.chatRequests[1]!.body!.messages);
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("in");
    expect(results.get("call_1_1")).toContain("approval_required");
    expect(existsSync(outside)).toBe(false);
    expect(results.get("call_1_2")).toContain("approval_required");
    expect(existsSync(join(project, "touched"))).toBe(false);
  });
});

describe("--mode accept-edits and a link out of the project", () => {
  it("an edit through a link inside the project to a folder outside is still asked (so refused here)", async () => {
    writeFileSync(join(cli.home, "config.yaml"), `sandbox:\n  mode: "off"\npermissions:\n  ask:\n    - "write_file(**)"\n    - "write_file(${elsewhere}/**)"\n`);
    symlinkSync(elsewhere, join(project, "link"));
    const server = await cli.startServer({ replies: [toolCall("write_file", { path: "link/escaped.txt", content: "x" }), text("done")] });
    const result = await cli.run(["chat", "--no-mcp", "--mode", "accept-edits", "-p", "edit"], { cwd: project, env: { HOME: cli.home } });
    expect(result.code, result.stderr).toBe(0);
    expect(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")).toContain("approval_required");
    expect(existsSync(join(elsewhere, "escaped.txt"))).toBe(false);
  });
});

describe("/mode in the chat", () => {
  it("switches to plan for the next request (status line says so) and back", async () => {
    const server = await cli.startServer({
      replies: [toolCall("write_file", { path: "a.txt", content: "a" }), text("proposed"), toolCall("write_file", { path: "b.txt", content: "b" }), text("written")],
    });
    const input = "/mode plan\nfirst\n/mode\n/mode default\nsecond\n";
    const result = await cli.run(["chat", "--no-mcp"], { cwd: project, input, env: { HOME: cli.home } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Mode plan: read-only tools only");
    expect(result.stdout).toMatch(/ctx .* · mode plan/);
    expect(offered(server.chatRequests[0]!.body)).not.toContain("write_file");
    expect(offered(server.chatRequests[2]!.body)).toContain("write_file");
    expect(existsSync(join(project, "a.txt"))).toBe(false);
    expect(readFileSync(join(project, "b.txt"), "utf8")).toBe("b");
  });
});

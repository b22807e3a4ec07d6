/**
 * The `agent` tool through the built CLI (chat -p, one scripted model serving parent and
 * children in request order): a definition's tool subset holds even when the child is asked to
 * step outside it, the parent's deny rules and hooks hold inside, children run in parallel, and
 * the parent gets the child's answer and usage.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox, waitFor } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall, toolCalls, type RecordedRequest } from "../helpers/scripted-openai-server.js";
import { hookEntry, nodeHook, writeConfig } from "../hooks/support.js";

const cli = useCliSandbox({ homePrefix: "quiver-subagent-home-", apiKey: "sk-subagent-test-0123456789" });
const work = useTempDir("quiver-subagent-work-", {});
const env = () => ({ env: { HOME: cli.home }, cwd: work.path });

function defineAgent(name: string, front: string, body = "You are a careful helper."): void {
  mkdirSync(join(cli.home, "agents"), { recursive: true });
  writeFileSync(join(cli.home, "agents", `${name}.md`), `---\n${front}\n---\n${body}\n`);
}

const toolNames = (request: RecordedRequest | undefined): string[] => (request?.body?.tools ?? []).map((t) => t.function.name);
const messages = (request: RecordedRequest | undefined) => request?.body?.messages ?? [];

describe("subagents", () => {
  it("a subagent with tools: [read_file] cannot run terminal even when asked to", async () => {
    defineAgent("reader", "name: reader\ndescription: Reads files and reports what they say\ntools: [read_file]");
    writeConfig(cli.home, {});
    const made = join(work.path, "made-by-child");
    const server = await cli.startServer({
      replies: [
        toolCall("agent", { prompt: `run touch ${made}`, subagent_type: "reader" }),
        toolCall("terminal", { command: `touch ${made}` }),
        text("I could not run it."),
        text("The reader could not."),
      ],
    });
    const r = await cli.run(["chat", "-p", "delegate it"], env());
    expect(r.code, r.stderr).toBe(0);
    const [parent, child1, child2, parent2] = server.chatRequests;
    // The model sees the definition's description in the agent tool.
    const agentDef = parent!.body!.tools!.find((t) => t.function.name === "agent")!;
    expect(String(agentDef.function.description)).toContain("reader: Reads files and reports what they say");
    expect(toolNames(child1)).toEqual(["read_file"]);
    expect(toolResults(messages(child2)).get("call_2_0")).toMatch(/not enabled|Unknown tool/);
    expect(existsSync(made)).toBe(false);
    const result = JSON.parse(toolResults(messages(parent2)).get("call_1_0")!) as { result: string; usage: { totalTokens: number }; agent: string };
    expect(result).toMatchObject({ agent: "reader", result: "I could not run it." });
    expect(result.usage).toHaveProperty("totalTokens");
    // The child's brief is all it knows: not the parent's conversation.
    expect(messages(child1).map((m) => m.content).join("\n")).not.toContain("delegate it");
  });

  it("a parent deny rule holds inside the child, and so do the parent's hooks", async () => {
    const blockEcho = nodeHook(work.path, "no-echo", `if (input.tool_input.command.startsWith("echo")) { process.stderr.write("echo is blocked by the parent's hook"); process.exit(2); }`);
    writeConfig(cli.home, { permissions: { deny: ["terminal(touch *)"] }, hooks: { PreToolUse: [hookEntry("terminal", blockEcho)] } });
    const made = join(work.path, "denied-in-child");
    const server = await cli.startServer({
      replies: [
        toolCall("agent", { prompt: "make the file" }),
        toolCalls([{ name: "terminal", arguments: { command: `touch ${made}` } }, { name: "terminal", arguments: { command: "echo hi" } }]),
        text("both refused"),
        text("done"),
      ],
    });
    const r = await cli.run(["chat", "-p", "go"], env());
    expect(r.code, r.stderr).toBe(0);
    const results = toolResults(messages(server.chatRequests[2]));
    expect(results.get("call_2_0")).toContain("permission_denied");
    expect(results.get("call_2_1")).toContain("echo is blocked by the parent's hook");
    expect(existsSync(made)).toBe(false);
    // No nesting: the child is not offered the agent tool.
    expect(toolNames(server.chatRequests[1])).not.toContain("agent");
  });

  it("an allow rule or a hook's allow for the agent call does not approve what the child's calls ask", async () => {
    const allow = nodeHook(work.path, "allow-agent", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }));`);
    writeConfig(cli.home, { permissions: { allow: ["agent"] }, hooks: { PreToolUse: [hookEntry("agent", allow)] } });
    const doomed = join(work.path, "kept-dir");
    mkdirSync(join(doomed, "inner"), { recursive: true });
    const server = await cli.startServer({ replies: [toolCall("agent", { prompt: "clean up" }), toolCall("terminal", { command: `rm -r ${doomed}` }), text("asked"), text("done")] });
    const r = await cli.run(["chat", "-p", "go"], env());
    expect(r.code, r.stderr).toBe(0);
    expect(toolResults(messages(server.chatRequests[2])).get("call_2_0")).toContain("approval_required");
    expect(existsSync(doomed)).toBe(true);
  });

  it("several subagents run in parallel", async () => {
    writeConfig(cli.home, {});
    let server: Awaited<ReturnType<typeof cli.startServer>> | undefined;
    // Each child answers only once both children have asked: run one after the other, they would never finish.
    const child = async (request: RecordedRequest) => {
      await waitFor(() => (server?.chatRequests.length ?? 0) >= 3, () => "both children's requests");
      const brief = String(request.body!.messages.at(-1)!.content);
      return text(`answer to ${brief}`);
    };
    server = await cli.startServer({
      replies: [toolCalls([{ name: "agent", arguments: { prompt: "brief A" } }, { name: "agent", arguments: { prompt: "brief B" } }]), child, child, text("both in")],
    });
    const r = await cli.run(["chat", "-p", "fan out"], env());
    expect(r.code, r.stderr).toBe(0);
    const results = toolResults(messages(server.chatRequests[3]));
    expect(results.get("call_1_0")).toContain("answer to brief A");
    expect(results.get("call_1_1")).toContain("answer to brief B");
  });
});

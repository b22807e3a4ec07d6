/** `quiver chat -p` as a real child process against the scripted OpenAI-compatible server. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliEnv, runCli, useCliSandbox, waitFor } from "../helpers/cli.js";
import { expectValidHistory, toolResults, unwrapToolText } from "../agent/fixture.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { httpError, text, toolCall } from "../helpers/scripted-openai-server.js";

const KEY = "sk-cli-test-0123456789abcdef";
const cli = useCliSandbox({ homePrefix: "quiver-chat-home-", apiKey: KEY });
const work = useTempDir("quiver-chat-work-", { "notes.txt": "hello from notes\n" });

describe("quiver chat -p", () => {
  it("follows tools.search and tools.alwaysLoad of config.yaml", async () => {
    const server = await cli.startServer({ replies: [toolCall("tool_search", { query: "write a file" }), text("found it")] });
    writeFileSync(join(cli.home, "config.yaml"), "tools:\n  search: on\n  alwaysLoad: [read_file]\n");
    const r = await cli.run(["chat", "-p", "find a tool that writes files"]);
    expect(r.code).toBe(0);
    const [first, second] = server.chatRequests.map((req) => req.body!.tools!.map((t) => t.function.name));
    expect(first).toEqual(["read_file", "tool_search"]);
    expect(second!.slice(0, 2)).toEqual(["read_file", "tool_search"]);
    expect(second).toContain("write_file");
    expect(server.chatRequests[0]!.body!.messages[0]!.content).toMatch(/toolsets (?:agent \(1\), )?file \(\d\).*tool_search/s);
  });

  it("prints only the final answer on stdout, tool progress on stderr, and saves the session", async () => {
    const server = await cli.startServer({
      replies: [
        toolCall("read_file", { path: join(work.path, "notes.txt") }),
        toolCall("terminal", { command: "echo hi-from-terminal", workdir: work.path }),
        text("The notes say **hello**."),
      ],
    });
    // Started in the work dir, as a user would: it is the sandbox's project.
    const result = await cli.run(["chat", "-p", "What do the notes say?"], { cwd: work.path });

    expect(result.stderr).not.toContain("Error");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("The notes say **hello**.\n");
    expect(result.stderr).toMatch(/📖 read_file .*notes\.txt · [\d.]+ m?s ✓/);
    expect(result.stderr).toMatch(/💻 terminal echo hi-from-terminal · [\d.]+ m?s ✓/);
    expect(toolResults(server.chatRequests[2]!.body!.messages).get("call_2_0")).toContain("hi-from-terminal");

    const [file] = cli.sessionFiles();
    expect(result.stderr).toContain(`quiver chat --resume ${file!.replace(/\.jsonl$/, "")}`);
    expect(cli.transcript(file!).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
  });

  it("--json prints the event stream as JSON lines", async () => {
    await cli.startServer({ replies: [toolCall("read_file", { path: join(work.path, "notes.txt") }), text("Done.")] });
    const result = await cli.run(["chat", "-p", "read it", "--json"]);

    expect(result.code).toBe(0);
    const events = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.map((e) => e.type).filter((t) => t !== "assistant_delta")).toEqual([
      "session",
      "model_start",
      "assistant_message",
      "usage",
      "tool_start",
      "tool_end",
      "model_start",
      "assistant_message",
      "usage",
      "turn_end",
    ]);
    expect(events.find((e) => e.type === "tool_start")).toMatchObject({ name: "read_file", emoji: "📖", args: { path: join(work.path, "notes.txt") } });
    expect(events.find((e) => e.type === "tool_end")).toMatchObject({ name: "read_file", ok: true });
    expect(events.at(-1)).toMatchObject({ type: "turn_end", status: "completed", content: "Done." });
  });

  it("exits at once with code 2 and the three ways to configure a model when none is set", async () => {
    const server = await cli.startServer();
    const result = await cli.run(["chat", "-p", "hi"], { env: { QUIVER_MODEL: undefined } });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("No model configured");
    expect(result.stderr).toContain("OPENAI_API_KEY");
    expect(result.stderr).toContain("http://localhost:11434/v1");
    expect(result.stderr).toContain(join(cli.home, "config.yaml"));
    expect(server.requests).toHaveLength(0);
  });

  it("explains a rejected key (401) without printing it, and exits 1", async () => {
    const server = await cli.startServer({ replies: [httpError(401, { message: "Incorrect API key provided" })] });
    const result = await cli.run(["chat", "-p", "hi"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/API key from env OPENAI_API_KEY was rejected .*\(401\)/);
    expect(result.stderr).not.toContain(KEY);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("waits out a 429 with Retry-After, says so on stderr, and answers", async () => {
    await cli.startServer({ replies: [httpError(429, { retryAfter: 1 }), text("patience pays")] });
    const result = await cli.run(["chat", "-p", "hi"]);

    expect(result.code).toBe(0);
    expect(result.stdout).toBe("patience pays\n");
    expect(result.stderr).toMatch(/429.*Retrying in 1\.0 s/);
  });

  it("reports a model that keeps failing and exits 1", async () => {
    const server = await cli.startServer({ replies: [httpError(500), httpError(500), httpError(500)] });
    const result = await cli.run(["chat", "-p", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/quiver: .*server error \(500\).*gave up after 3 attempts/i);
  });

  it("refuses an unknown toolset with a suggestion (exit 2)", async () => {
    const server = await cli.startServer();
    const result = await cli.run(["chat", "-p", "hi", "--toolsets", "fiel"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown toolset "fiel" (did you mean file');
    expect(server.requests).toHaveLength(0);
  });

  it("takes model, endpoint, system prompt, toolsets and budget from config.yaml; flags override them", async () => {
    const server = await cli.startServer({ replies: [toolCall("read_file", { path: join(work.path, "notes.txt") }), text("Budget summary.")] });
    writeFileSync(
      join(cli.home, "config.yaml"),
      `model:\n  name: config-model\n  baseUrl: ${server.baseUrl}\nagent:\n  systemPrompt: Config prompt.\n  maxIterations: 1\n  toolsets: [file]\n`,
    );
    const fromConfig = await runCli(["chat", "-p", "go"], cliEnv({ QUIVER_HOME: cli.home }));

    expect(fromConfig.code).toBe(0);
    expect(fromConfig.stdout).toBe("Budget summary.\n");
    expect(fromConfig.stderr).toContain("iteration budget");
    const [first, summary] = server.chatRequests.map((r) => r.body!);
    expect(first!.model).toBe("config-model");
    expect(first!.messages[0]).toEqual({ role: "system", content: "Config prompt." });
    expect(first!.tools!.map((t) => t.function.name).sort()).toEqual(["patch", "read_file", "search_files", "write_file"]);
    expect(summary).not.toHaveProperty("tools");

    server.push(text("flagged"));
    const flagged = await runCli(["chat", "-p", "go", "--model", "flag-model", "--system", "Flag prompt.", "--toolsets", "terminal"], cliEnv({ QUIVER_HOME: cli.home }));
    expect(flagged.code).toBe(0);
    const body = server.chatRequests[2]!.body!;
    expect(body.model).toBe("flag-model");
    expect(body.messages[0]).toEqual({ role: "system", content: "Flag prompt." });
    expect(body.tools!.map((t) => t.function.name)).toEqual(["terminal"]);
  });

  it("uses a default system prompt naming the tools, the working directory and the date", async () => {
    const server = await cli.startServer({ replies: [text("hi")] });
    await cli.run(["chat", "-p", "hi", "--toolsets", "file"], { cwd: work.path });
    const system = String(server.chatRequests[0]!.body!.messages[0]!.content);
    expect(system).toContain(`Working directory: ${work.path}`);
    expect(system).toContain(new Date().toISOString().slice(0, 4));
    expect(system).toContain("read_file");
    expect(system).not.toContain("terminal");
  });

  it("denies a dangerous command without a TTY, and runs it with --yes", async () => {
    const target = join(work.path, "doomed");
    mkdirSync(join(target, "inner"), { recursive: true });
    const server = await cli.startServer({ replies: [toolCall("terminal", { command: `rm -r ${target}` }), text("ok")] });
    const denied = await cli.run(["chat", "-p", "delete it"], { cwd: work.path });
    expect(denied.code).toBe(0);
    expect(existsSync(target)).toBe(true);
    expect(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")).toMatch(/denied|not approved|approval/i);

    server.push(toolCall("terminal", { command: `rm -r ${target}` }), text("gone"));
    const approved = await cli.run(["chat", "-p", "delete it", "--yes"], { cwd: work.path });
    expect(approved.code).toBe(0);
    expect(existsSync(target)).toBe(false);
  });
});

describe("sessions across processes", () => {
  it("a chat killed with SIGKILL mid-turn resumes with a valid history", async () => {
    const server = await cli.startServer({ replies: [toolCall("terminal", { command: "sleep 5", workdir: work.path }, "call_slow")] });
    const running = cli.start(["chat", "-p", "run the slow command"], { cwd: work.path });
    // The assistant message with the tool call is on disk before the tool starts.
    await waitFor(
      () => cli.sessionFiles().length === 1 && cli.transcript(cli.sessionFiles()[0]!).length === 2,
      () => `the transcript to hold 2 messages; stderr: ${running.stderr()}`,
    );
    running.child.kill("SIGKILL");
    const killed = await running.done;
    expect(killed.signal).toBe("SIGKILL");

    const id = cli.sessionFiles()[0]!.replace(/\.jsonl$/, "");
    server.push(text("Picking up: the command was cut off."));
    const resumed = await cli.run(["chat", "--resume", id, "-p", "where were we?"]);

    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("Picking up: the command was cut off.\n");
    const sent = server.chatRequests[1]!.body!.messages;
    expectValidHistory(sent);
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(sent[3]).toMatchObject({ role: "tool", tool_call_id: "call_slow" });
    expect(JSON.parse(unwrapToolText(String(sent[3]!.content)))).toMatchObject({ error_type: "cancelled" });
    expect(cli.sessionFiles()).toHaveLength(1);
    expect(cli.transcript(`${id}.jsonl`).map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
  });

  it("--continue picks the latest session (prompt from stdin with -p -); an unknown --resume id exits 2", async () => {
    const server = await cli.startServer({ replies: [text("first answer"), text("second answer")] });
    expect((await cli.run(["chat", "-p", "first question"])).code).toBe(0);
    const next = await cli.run(["chat", "--continue", "-p", "-"], { input: "follow-up" });

    expect(next.code).toBe(0);
    expect(server.chatRequests[1]!.body!.messages.slice(1)).toEqual([
      { role: "user", content: "first question" },
      { role: "assistant", content: "first answer" },
      { role: "user", content: "follow-up" },
    ]);
    const unknown = await cli.run(["chat", "--resume", "19990101-000000-zzzz", "-p", "x"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No session "19990101-000000-zzzz"');
  });

  it("SIGINT interrupts a one-shot run mid-tool: exit 130, transcript valid", async () => {
    await cli.startServer({ replies: [toolCall("terminal", { command: "sleep 20", workdir: work.path })] });
    const running = cli.start(["chat", "-p", "slow"]);
    await waitFor(
      () => cli.sessionFiles().length === 1 && cli.transcript(cli.sessionFiles()[0]!).length === 2,
      () => `the tool call to be saved; stderr: ${running.stderr()}`,
    );
    // Give the terminal tool a moment to spawn its command, so the interrupt lands mid-tool.
    await new Promise((r) => setTimeout(r, 300));
    running.child.kill("SIGINT");
    const result = await running.done;

    expect(result.code).toBe(130);
    expect(result.stderr).toContain("interrupted");
    const messages = cli.transcript(cli.sessionFiles()[0]!);
    expectValidHistory(messages as Parameters<typeof expectValidHistory>[0]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  });
});

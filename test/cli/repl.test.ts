/**
 * The interactive REPL, driven through a real pseudo-terminal: util-linux `script` runs
 * `node dist/cli/main.js chat` on a pty, and the test types into it (Enter is "\r", Ctrl-C
 * "\x03", Ctrl-D "\x04"), reading what the terminal shows.
 */
import { mkdirSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useCliSandbox, waitFor, type TranscriptLine } from "../helpers/cli.js";
import { hasScript, openPty, type Pty } from "../helpers/pty.js";
import { expectValidHistory, toolResults } from "../agent/fixture.js";
import { hang, sse, text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-repl-home-", apiKey: "sk-repl-test-0123456789" });
let terminal: Pty | undefined;

// Registered after the sandbox's hooks, so the terminal is killed before its server closes and its home goes.
afterEach(() => {
  if (terminal !== undefined && terminal.child.exitCode === null) terminal.child.kill("SIGKILL");
  terminal = undefined;
});

function onlySession(): { id: string; messages: TranscriptLine[] } {
  const [file] = cli.sessionFiles();
  if (file === undefined) return { id: "", messages: [] };
  return { id: file.replace(/\.jsonl$/, ""), messages: cli.transcript(file) };
}

describe.skipIf(!hasScript)("quiver chat on a terminal", () => {
  it("runs a turn with a tool, a slash command, and Ctrl-C to interrupt, then keeps going and exits on Ctrl-D", async () => {
    const server = await cli.startServer({
      replies: [
        toolCall("read_file", { path: "/etc/hostname" }),
        text("Here is the **answer**:\n\n- the file was read\n- nothing else\n\nDone.", { chunks: 6 }),
        hang({ afterText: "Thinking about it" }),
        text("After the interrupt."),
      ],
    });
    terminal = openPty(["chat"], cli.env());
    await terminal.waitFor(/session \S+\n.*Ctrl-D exits\n❯ /);
    expect(terminal.screen()).toContain("scripted-model at http://127.0.0.1:");

    terminal.type("read the host file\r");
    await terminal.waitFor(/Done\.\n[\s\S]*❯ $/);
    expect(terminal.screen()).toMatch(/📖 read_file \/etc\/hostname · [\d.]+ m?s ✓/);
    expect(terminal.screen()).toContain("answer");

    let mark = terminal.screen().length;
    terminal.type("/help\r");
    await terminal.waitFor(/\/toolsets[\s\S]*\/exit[\s\S]*❯ $/, mark);

    mark = terminal.screen().length;
    terminal.type("/tools\r");
    await terminal.waitFor(/read_file[\s\S]*terminal[\s\S]*❯ $/, mark);

    mark = terminal.screen().length;
    terminal.type("think hard\r");
    await terminal.waitFor(/Thinking about it/, mark);
    terminal.type("\x03");
    await terminal.waitFor(/interrupted\n[\s\S]*❯ $/, mark);

    mark = terminal.screen().length;
    terminal.type("and now?\r");
    await terminal.waitFor(/After the interrupt\.\n[\s\S]*❯ $/, mark);

    terminal.type("\x04");
    expect(await terminal.exited).toBe(0);
    const { id, messages } = onlySession();
    expect(terminal.screen()).toContain(`quiver chat --resume ${id}`);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user", "assistant", "user", "assistant"]);
    expect(messages[5]).toEqual({ role: "assistant", content: "Thinking about it" });
    const last = server.chatRequests[3]!.body!.messages;
    expectValidHistory(last);
    expect(last.at(-1)).toEqual({ role: "user", content: "and now?" });
  });

  it("shows streamed reasoning dimmed before the answer; /reasoning off hides it", async () => {
    const thinking = (thought: string, answer: string) =>
      sse([
        { id: "r", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { role: "assistant", reasoning_content: thought } }] },
        { id: "r", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: answer }, finish_reason: "stop" }] },
      ]);
    await cli.startServer({ replies: [thinking("pondering the first", "Answer one."), thinking("pondering the second", "Answer two.")] });
    terminal = openPty(["chat"], cli.env());
    await terminal.waitFor(/❯ $/);
    terminal.type("first\r");
    await terminal.waitFor(/pondering the first\n[\s\S]*Answer one\.\n[\s\S]*❯ $/);

    let mark = terminal.screen().length;
    terminal.type("/reasoning off\r");
    await terminal.waitFor(/Reasoning is hidden[\s\S]*❯ $/, mark);
    mark = terminal.screen().length;
    terminal.type("second\r");
    await terminal.waitFor(/Answer two\.\n[\s\S]*❯ $/, mark);
    expect(terminal.screen().slice(mark)).not.toContain("pondering the second");
    terminal.type("\x04");
    expect(await terminal.exited).toBe(0);
    const stored = onlySession().messages.filter((m) => m.role === "assistant") as Array<{ reasoning_content?: string }>;
    expect(stored.map((m) => m.reasoning_content)).toEqual(["pondering the first", "pondering the second"]);
  });

  it("Ctrl-C while a tool runs interrupts it; Ctrl-C at an empty prompt exits", async () => {
    const server = await cli.startServer({ replies: [toolCall("terminal", { command: "sleep 20" }, "call_sleep"), text("ok")] });
    terminal = openPty(["chat"], cli.env());
    await terminal.waitFor(/❯ $/);
    terminal.type("sleep a while\r");
    await waitFor(
      () => existsSync(join(cli.home, "sessions")) && onlySession().messages.length === 2,
      () => `the tool call to be saved:\n${terminal!.screen()}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    terminal.type("\x03");
    await terminal.waitFor(/interrupted\n[\s\S]*❯ $/);
    expect(onlySession().messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_sleep" });

    terminal.type("\x03");
    expect(await terminal.exited).toBe(0);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("asks inline before a dangerous command and runs it once approved", async () => {
    // Outside $QUIVER_HOME: deleting inside it is a protected write with a prompt of its own.
    const work = mkdtempSync(join(tmpdir(), "quiver-repl-work-"));
    const target = join(work, "doomed");
    mkdirSync(join(target, "inner"), { recursive: true });
    const server = await cli.startServer({ replies: [toolCall("terminal", { command: `rm -r ${target}` }), text("Deleted.")] });
    // Started in the work dir: it is the sandbox's project, so the command may delete there.
    terminal = openPty(["chat"], cli.env(), work);
    await terminal.waitFor(/❯ $/);
    terminal.type("delete the dir\r");
    await terminal.waitFor(/rule: terminal\(rm -r \*\)\nAllow\? \[y\]es once \/ \[s\]ame command this session \/ \[r\]ule this session \/ save rule to \[p\]roject \/ \[u\]ser config \/ \[N\]o $/);
    expect(existsSync(target)).toBe(true);
    terminal.type("y\r");
    await terminal.waitFor(/Deleted\.\n[\s\S]*❯ $/);
    expect(existsSync(target)).toBe(false);
    expect(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")).toContain('"exit_code":0');
    terminal.type("/exit\r");
    expect(await terminal.exited).toBe(0);
    rmSync(work, { recursive: true, force: true });
  });

  it("'same command this session' covers that exact command only; a different one asks again", async () => {
    const work = mkdtempSync(join(tmpdir(), "quiver-repl-work-"));
    const [a, b] = [join(work, "a"), join(work, "b")];
    for (const dir of [a, b]) mkdirSync(join(dir, "inner"), { recursive: true });
    const server = await cli.startServer({
      replies: [toolCall("terminal", { command: `rm -r ${a}` }), toolCall("terminal", { command: `rm -r ${a}` }), toolCall("terminal", { command: `rm -r ${b}` }), text("Tried.")],
    });
    // Approval scopes are the guard's; sandboxed, a delete outside the project would be blocked anyway.
    terminal = openPty(["chat", "--sandbox", "off"], cli.env());
    await terminal.waitFor(/❯ $/);
    terminal.type("delete them\r");
    await terminal.waitFor(/\[N\]o $/);
    terminal.type("s\r");
    const mark = terminal.screen().length;
    // The same command again runs unasked; rm -r of another directory asks again, and is denied.
    await terminal.waitFor(new RegExp(`approval: recursive delete[^\\n]*\\n\\s+rm -r ${b}[\\s\\S]*\\[N\\]o $`), mark);
    expect(terminal.screen().slice(mark)).not.toContain(`rm -r ${a}\n`);
    terminal.type("n\r");
    await terminal.waitFor(/Tried\.\n[\s\S]*❯ $/);
    expect(existsSync(a)).toBe(false);
    expect(existsSync(b)).toBe(true);
    const results = toolResults(server.chatRequests[3]!.body!.messages);
    expect(results.get("call_3_0")).toContain("approval_denied");
    terminal.type("/exit\r");
    expect(await terminal.exited).toBe(0);
    rmSync(work, { recursive: true, force: true });
  });

  it("suggests the right slash command for a typo; /model, /toolsets, /sessions and /reset work", async () => {
    const server = await cli.startServer({ replies: [text("one"), text("two")] });
    terminal = openPty(["chat"], cli.env());
    await terminal.waitFor(/❯ $/);
    terminal.type("/toolz\r");
    await terminal.waitFor(/Unknown command \/toolz\. Did you mean \/tools/);
    terminal.type("first\r");
    await terminal.waitFor(/one\n[\s\S]*❯ $/);

    let mark = terminal.screen().length;
    terminal.type("/toolsets\r");
    await terminal.waitFor(/● file .*enabled[\s\S]*● terminal[\s\S]*❯ $/, mark);
    mark = terminal.screen().length;
    terminal.type("/sessions\r");
    await terminal.waitFor(/FIRST PROMPT\n\S+ \*\s+.*\s2\s+\S+\s+first\n[\s\S]*❯ $/, mark);
    mark = terminal.screen().length;
    terminal.type("/model\r");
    await terminal.waitFor(/Model scripted-model at http:\/\/127\.0\.0\.1:\d+\/v1/, mark);
    terminal.type("/model other-model\r");
    await terminal.waitFor(/Now using other-model/, mark);

    mark = terminal.screen().length;
    terminal.type("/reset\r");
    await terminal.waitFor(/Started a new conversation \(session \S+\)/, mark);
    terminal.type("second\r");
    await terminal.waitFor(/two\n[\s\S]*❯ $/, mark);
    expect(server.chatRequests[1]!.body!.messages.slice(1)).toEqual([{ role: "user", content: "second" }]);
    expect(server.chatRequests[1]!.body!.model).toBe("other-model");
    terminal.type("/exit\r");
    expect(await terminal.exited).toBe(0);
    expect(cli.sessionFiles()).toHaveLength(2);
  });
});

describe("quiver chat with piped input", () => {
  it("answers each line in turn, runs slash commands, and exits at the end of the input", async () => {
    const server = await cli.startServer({ replies: [toolCall("read_file", { path: "/etc/hostname" }), text("First answer."), text("Second answer.")] });
    const result = await cli.run(["chat"], { input: "read it\n/tools\nsecond\n" });

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/📖 read_file \/etc\/hostname · [\d.]+ m?s ✓\nFirst answer\.\n/);
    expect(result.stdout).toMatch(/💻 +terminal/);
    expect(result.stdout).toContain("Second answer.");
    expect(server.chatRequests[2]!.body!.messages.at(-1)).toEqual({ role: "user", content: "second" });
    expect(onlySession().messages).toHaveLength(6);
  });
});

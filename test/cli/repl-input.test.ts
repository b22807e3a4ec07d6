/**
 * The chat's input on a real pseudo-terminal: a bracketed paste is one message, Alt+Enter and
 * Ctrl-J start a new line, a trailing `\` continues, Tab completes slash commands and `@` paths,
 * and an `@` credential path is asked about on the prompt.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { hasScript, openPty, type Pty } from "../helpers/pty.js";
import { text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-input-home-", apiKey: "sk-input-test-0123456789" });
let terminal: Pty | undefined;
let work = "";

beforeEach(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), "quiver-input-work-")));
  writeFileSync(join(work, "notes-for-tab.txt"), "MARKER-TAB-NOTES\n");
  mkdirSync(join(work, ".ssh"), { mode: 0o700 });
  writeFileSync(join(work, ".ssh", "id_test"), "MARKER-SECRET-KEY\n");
});
// Registered after the sandbox's hooks, so the terminal is killed before its server closes and its home goes.
afterEach(() => {
  if (terminal !== undefined && terminal.child.exitCode === null) terminal.child.kill("SIGKILL");
  terminal = undefined;
  rmSync(work, { recursive: true, force: true });
});

const lastUser = (server: ScriptedServer, n: number): unknown => server.chatRequests[n]!.body!.messages.filter((m) => m.role === "user").at(-1)?.content;

async function open(): Promise<Pty> {
  terminal = openPty(["chat"], cli.env({ HOME: work }), work);
  await terminal.waitFor(/Ctrl-D exits\n[\s\S]*❯ $/);
  return terminal;
}

describe.skipIf(!hasScript)("chat input on a terminal", () => {
  it("a bracketed paste of three lines is one message and one model turn", async () => {
    const server = await cli.startServer({ replies: [text("Got all three."), text("second")] });
    const pty = await open();
    pty.type("\x1b[200~line one\rline two\rline three\x1b[201~");
    await pty.waitFor(/line three$/);
    pty.type("\r");
    await pty.waitFor(/Got all three\.\n[\s\S]*❯ $/);
    expect(server.chatRequests).toHaveLength(1);
    expect(lastUser(server, 0)).toBe("line one\nline two\nline three");
    pty.type("\x04");
    expect(await pty.exited).toBe(0);
  });

  it("Alt+Enter and Ctrl-J start a new line, a trailing backslash continues, Enter sends it all", async () => {
    const server = await cli.startServer({ replies: [text("Four lines.")] });
    const pty = await open();
    pty.type("first\x1b\r");
    await pty.waitFor(/… $/);
    // Ctrl-J comes alone: a "\n" inside typed-ahead text is an Enter the terminal translated.
    pty.type("second");
    await pty.waitFor(/… second$/);
    pty.type("\n");
    await pty.waitFor(/second\n… $/);
    pty.type("third \\\r");
    pty.type("fourth\r");
    await pty.waitFor(/Four lines\.\n[\s\S]*❯ $/);
    expect(server.chatRequests).toHaveLength(1);
    expect(lastUser(server, 0)).toBe("first\nsecond\nthird \nfourth");
  });

  it("Ctrl-C on a continuation line drops the message being composed and stays in the chat", async () => {
    const server = await cli.startServer({ replies: [text("Fresh one.")] });
    const pty = await open();
    pty.type("dropped line\x1b\r");
    await pty.waitFor(/… $/);
    pty.type("\x03");
    await pty.waitFor(/… \n❯ $/);
    pty.type("fresh\r");
    await pty.waitFor(/Fresh one\.\n[\s\S]*❯ $/);
    expect(lastUser(server, 0)).toBe("fresh");
  });

  it("Tab completes a slash command and an @ path", async () => {
    const server = await cli.startServer({ replies: [text("Read it.")] });
    const pty = await open();
    pty.type("/hel\t");
    await pty.waitFor(/❯ \/help $/);
    pty.type("\r");
    await pty.waitFor(/Commands:[\s\S]*❯ $/);
    let mark = pty.screen().length;
    pty.type("look at @notes-fo\t");
    await pty.waitFor(/@notes-for-tab\.txt$/, mark);
    pty.type(" please\r");
    await pty.waitFor(/Read it\.\n[\s\S]*❯ $/, mark);
    expect(String(lastUser(server, 0))).toContain("look at @notes-for-tab.txt please\n\n<file path=\"notes-for-tab.txt\">\nMARKER-TAB-NOTES\n</file>");
    mark = pty.screen().length;
  });

  it("the banner names the project instructions and /context lists them with their sizes", async () => {
    writeFileSync(join(work, "AGENTS.md"), "Use tabs.\n");
    writeFileSync(join(cli.home, "AGENTS.md"), "Be brief.\n");
    await cli.startServer({ replies: [] });
    const pty = await open();
    expect(pty.screen()).toMatch(/instructions: \S+AGENTS\.md, AGENTS\.md\n/);
    pty.type("/context\r");
    await pty.waitFor(/Project instructions, in the order they are read:\n\s+\S+AGENTS\.md\s+user, 10 bytes\n\s+AGENTS\.md\s+project, 10 bytes\nConversation: 0 messages/);
  });

  it("an @ credential path is asked about on the prompt; yes attaches it", async () => {
    const server = await cli.startServer({ replies: [text("declined one"), text("approved one")] });
    const pty = await open();
    pty.type("use @~/.ssh/id_test\r");
    await pty.waitFor(/read_file needs your approval[\s\S]*\[y\/N\] $/);
    pty.type("n\r");
    await pty.waitFor(/declined one\n[\s\S]*❯ $/);
    expect(lastUser(server, 0)).toBe("use @~/.ssh/id_test");
    const mark = pty.screen().length;
    pty.type("again @~/.ssh/id_test\r");
    await pty.waitFor(/\[y\/N\] $/, mark);
    pty.type("y\r");
    await pty.waitFor(/approved one\n[\s\S]*❯ $/, mark);
    expect(String(lastUser(server, 1))).toContain("MARKER-SECRET-KEY");
  });
});

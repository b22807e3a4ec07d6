/**
 * `/undo` in the interactive chat, on a real pseudo-terminal (util-linux `script`, as in
 * repl.test.ts): it restores the files this chat's last turn changed and says what it did.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import stripAnsi from "strip-ansi";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLI, useCliSandbox, waitFor } from "../helpers/cli.js";
import { text, toolCalls } from "../helpers/scripted-openai-server.js";
import { makeProject, treeHash, type TempProject } from "../checkpoints/project-fixture.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const cli = useCliSandbox({ homePrefix: "quiver-repl-undo-home-", apiKey: "sk-repl-undo-0123456789" });
let project: TempProject;
let child: ChildProcess | undefined;

beforeEach(() => {
  project = makeProject();
});
afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
  child = undefined;
  project.cleanup();
});

function openPty(env: NodeJS.ProcessEnv, cwd: string): { screen(): string; type(keys: string): void; waitFor(pattern: RegExp, from?: number): Promise<void>; exited: Promise<number | null> } {
  const command = [process.execPath, CLI, "chat"].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(" ");
  const pty = spawn("script", ["-qefc", command, "/dev/null"], { env: { ...env, TERM: "xterm-256color" }, cwd, stdio: ["pipe", "pipe", "pipe"] });
  child = pty;
  let raw = "";
  pty.stdout!.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  pty.stderr!.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  const screen = (): string => stripAnsi(raw).replace(/\r/g, "");
  return {
    screen,
    type: (keys) => void pty.stdin!.write(keys),
    waitFor: (pattern, from = 0) => waitFor(() => pattern.test(screen().slice(from)), () => `${pattern} on the screen:\n${screen()}`, 20_000),
    exited: new Promise((resolve) => pty.once("close", (code) => resolve(code))),
  };
}

describe.skipIf(!hasScript)("/undo in the chat", () => {
  it("restores the last turn's files, says which, then the turn before, then says there is nothing left", async () => {
    const start = treeHash(project.dir);
    await cli.startServer({
      replies: [
        toolCalls([{ name: "write_file", arguments: { path: "made.txt", content: "made\n" } }]),
        text("Made it."),
        toolCalls([{ name: "write_file", arguments: { path: "a.txt", content: "edited\n" } }]),
        text("Edited it."),
      ],
    });
    const terminal = openPty(cli.env(), project.dir);
    await terminal.waitFor(/❯ $/);
    terminal.type("make a file\r");
    await terminal.waitFor(/Made it\.\n[\s\S]*❯ $/);
    expect(terminal.screen()).toMatch(/⛁ checkpoint [0-9a-f]{12} \(6 files\)/);
    const afterOne = treeHash(project.dir);
    let mark = terminal.screen().length;
    terminal.type("edit a\r");
    await terminal.waitFor(/Edited it\.\n[\s\S]*❯ $/, mark);

    mark = terminal.screen().length;
    terminal.type("/undo\r");
    await terminal.waitFor(/Restored [\s\S]*restored 1: a\.txt[\s\S]*quiver undo --to [0-9a-f]{12}\n[\s\S]*❯ $/, mark);
    expect(treeHash(project.dir)).toBe(afterOne);

    mark = terminal.screen().length;
    terminal.type("/undo\r");
    await terminal.waitFor(/removed 1: made\.txt[\s\S]*❯ $/, mark);
    expect(treeHash(project.dir)).toBe(start);
    expect(existsSync(join(project.dir, "made.txt"))).toBe(false);
    expect(readFileSync(join(project.dir, "a.txt"), "utf8")).toBe("alpha\n");

    mark = terminal.screen().length;
    terminal.type("/undo\r");
    await terminal.waitFor(/\/undo: nothing to undo in .* of this chat[\s\S]*❯ $/, mark);
    terminal.type("\x04");
    expect(await terminal.exited).toBe(0);
  });
});

import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempHome } from "../helpers/cli.js";
import { answerOnPty } from "../helpers/pty.js";

let home = "";
let work = "";
let cleanup = () => {};
let cleanupWork = () => {};
// The victims live outside $QUIVER_HOME: deleting inside it is a protected write with a prompt of its own.
beforeAll(() => {
  ({ home, cleanup } = tempHome("quiver-tty-"));
  ({ home: work, cleanup: cleanupWork } = tempHome("quiver-tty-work-"));
});
afterAll(() => {
  cleanup();
  cleanupWork();
});

/** Runs `quiver tools call terminal` on a pseudo-terminal and types `answer` once the question shows. */
function callOnTty(command: string, answer: string): Promise<string> {
  return answerOnPty(["tools", "call", "terminal", JSON.stringify({ command })], { ...process.env, QUIVER_HOME: home }, answer, {
    question: "Allow? [y]es once / save rule to [p]roject / [u]ser config / [N]o",
    cwd: work, // the sandbox's project: the commands delete inside it
  });
}

describe("quiver tools call on a terminal", () => {
  it("asks y/N before a dangerous command and runs it on y", async () => {
    const dir = join(work, "yes", "sub");
    mkdirSync(dir, { recursive: true });
    const screen = await callOnTty(`rm -r ${dir} && echo removed`, "y");
    expect(screen).toContain("terminal needs your approval: recursive delete");
    expect(screen).toContain('"output": "removed');
    expect(existsSync(dir)).toBe(false);
  });

  it("runs nothing when the answer is no", async () => {
    const dir = join(work, "no", "sub");
    mkdirSync(dir, { recursive: true });
    const screen = await callOnTty(`rm -r ${dir}`, "n");
    expect(screen).toContain("denied");
    expect(existsSync(dir)).toBe(true);
  });
});

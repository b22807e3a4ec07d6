import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, tempHome } from "../helpers/cli.js";

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

/** Runs `quiver tools call` on a pseudo-terminal (util-linux `script`) and types `answer` once the question shows. */
function callOnTty(command: string, answer: string): Promise<string> {
  const args = JSON.stringify({ command }).replace(/'/g, "'\\''");
  const child = spawn("script", ["-qfec", `node ${CLI} tools call terminal '${args}'`, "/dev/null"], {
    env: { ...process.env, QUIVER_HOME: home, NO_COLOR: "1" },
    cwd: work, // the sandbox's project: the commands delete inside it
  });
  let screen = "";
  let answered = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      screen += chunk;
      if (!answered && screen.includes("Allow? [y]es once / save rule to [p]roject / [u]ser config / [N]o")) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(screen);
    });
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

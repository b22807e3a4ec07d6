/**
 * The built CLI on a real pseudo-terminal: util-linux `script` runs it on a pty and the test
 * types into it (Enter "\r", Ctrl-C "\x03", Ctrl-D "\x04"), reading what the terminal shows.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import stripAnsi from "strip-ansi";
import { CLI, waitFor } from "./cli.js";

export const hasScript = spawnSync("script", ["--version"]).status === 0;

export interface Pty {
  child: ChildProcess;
  /** Everything the terminal showed so far, ANSI codes and carriage returns removed. */
  screen(): string;
  /** Everything as written, escapes included. */
  raw(): string;
  /** The screen as a terminal shows it: on each line, only what was written after its last carriage return. */
  visible(): string;
  type(keys: string): void;
  /** Waits until the screen, after `from` characters, matches. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function openPty(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Pty {
  const command = [process.execPath, CLI, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qefc", command, "/dev/null"], { env: { ...env, TERM: "xterm-256color" }, stdio: ["pipe", "pipe", "pipe"], ...(cwd !== undefined && { cwd }) });
  let raw = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const screen = (): string => stripAnsi(raw).replace(/\r/g, "");
  return {
    child,
    screen,
    raw: () => raw,
    visible: () => visibleText(raw),
    type: (keys) => void child.stdin!.write(keys),
    waitFor: (pattern, from = 0) => waitFor(() => pattern.test(screen().slice(from)), () => `${pattern} on the screen:\n${screen()}`, 20_000),
    exited,
  };
}

/** What a terminal shows of `raw` (approximately): a carriage return starts the line over. */
export function visibleText(raw: string): string {
  return stripAnsi(raw)
    .split("\n")
    .map((line) => line.replace(/\r+$/, "").split("\r").at(-1) ?? "")
    .join("\n");
}

/**
 * Runs the CLI with `args` on a pseudo-terminal, types `answer` once `question` shows (default: any
 * approval prompt, which ends in "[N]o"), and resolves with everything shown (carriage returns
 * removed) when it exits; killed after 20 s.
 */
export function answerOnPty(args: string[], env: NodeJS.ProcessEnv, answer: string, opts: { question?: string; cwd?: string } = {}): Promise<string> {
  const command = [process.execPath, CLI, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], { env: { ...env, NO_COLOR: "1" }, ...(opts.cwd !== undefined && { cwd: opts.cwd }) });
  const question = opts.question ?? "[N]o";
  let screen = "";
  let answered = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      screen += chunk;
      if (!answered && screen.includes(question)) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(screen.replace(/\r/g, ""));
    });
  });
}

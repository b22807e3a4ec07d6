/**
 * Runs the built CLI (`node dist/cli/main.js`, built by `npm run build`) as a child process with
 * a controlled environment: its own QUIVER_HOME, and OPENAI_* / QUIVER_MODEL only as given.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` (npx tsc -p tsconfig.json) before the CLI tests.`);
}

/** process.env without anything that would point the CLI at a real model or a real home. */
export function cliEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(OPENAI_|QUIVER_|OPENROUTER_)/.test(name) || name === "NO_COLOR" || name === "FORCE_COLOR") continue;
    env[name] = value;
  }
  for (const [name, value] of Object.entries(vars)) if (value !== undefined) env[name] = value;
  return env;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  done: Promise<CliResult>;
}

export interface CliRunOptions {
  input?: string;
  cwd?: string;
  /** Another copy of the built CLI (default: this worktree's dist/cli/main.js). */
  cli?: string;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv, options: CliRunOptions = {}): RunningCli {
  const child = spawn(process.execPath, [options.cli ?? CLI, ...args], { env, cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdin!.end(options.input ?? "");
  const done = new Promise<CliResult>((resolveDone, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolveDone({ code, signal, stdout, stderr }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, options: CliRunOptions = {}): Promise<CliResult> {
  return startCli(args, env, options).done;
}

/** Polls `check` until it returns true; fails after `timeoutMs` with `what` and the last state. */
export async function waitFor(check: () => boolean, what: () => string, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A fresh directory to use as $QUIVER_HOME; remove it with the returned cleanup. */
export function tempHome(prefix = "quiver-cli-"): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), prefix));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/**
 * Runs the built CLI (`node dist/cli/main.js`, built by `npm run build`) as a child process with
 * a controlled environment: its own QUIVER_HOME, and OPENAI_* / QUIVER_MODEL only as given.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { startScriptedServer, type ScriptedServer, type ScriptedServerOptions } from "./scripted-openai-server.js";

export const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run \`npm run build\` (npx tsc -p tsconfig.json) before the CLI tests.`);
}

/** process.env without anything that would point the CLI at a real model or a real home. */
export function cliEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // QUIVER_LLAMA_RUNTIME is the tests' own (test/setup/llama-runtime.ts), never the developer's.
    if (name === "QUIVER_LLAMA_RUNTIME") {
      env[name] = value;
      continue;
    }
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

/** Variables set over the sandbox's environment; `undefined` removes one. */
export type EnvOverrides = Record<string, string | undefined>;

/** What differs between the CLI test files that use `useCliSandbox`. */
export interface CliSandboxOptions {
  /** Prefix of the fresh QUIVER_HOME each test gets. */
  homePrefix: string;
  /** The OPENAI_API_KEY the CLI sees. */
  apiKey: string;
  /** The QUIVER_MODEL the CLI sees (default "scripted-model"). */
  model?: string;
}

/** One line of a session transcript. */
export interface TranscriptLine {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

/** A CLI test file's sandbox: read `home` and call the rest inside tests. */
export interface CliSandbox {
  /** This test's QUIVER_HOME. */
  readonly home: string;
  /** Starts a scripted model server for this test; `env()` points the CLI at the last one started. */
  startServer(options?: ScriptedServerOptions): Promise<ScriptedServer>;
  /** The CLI's environment: the sandbox's home, key, model and server, then `extra` (undefined removes a variable). */
  env(extra?: EnvOverrides): NodeJS.ProcessEnv;
  /** Runs the CLI to its end with `env(options.env)`. */
  run(args: string[], options?: CliRunOptions & { env?: EnvOverrides }): Promise<CliResult>;
  /** Starts the CLI with `env(options.env)` and returns at once. */
  start(args: string[], options?: CliRunOptions & { env?: EnvOverrides }): RunningCli;
  /** The transcript files (`<id>.jsonl`) in the home's sessions folder. */
  sessionFiles(): string[];
  /** The complete message lines of a transcript (the CLI may be writing the next one), its header line left out; none when there is no file. */
  transcript(file?: string): TranscriptLine[];
}

/** For a CLI test file: a fresh QUIVER_HOME and scripted servers per test, removed and closed after it. */
export function useCliSandbox(options: CliSandboxOptions): CliSandbox {
  let home = "";
  const servers: ScriptedServer[] = [];
  beforeAll(() => assertBuilt());
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), options.homePrefix));
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    rmSync(home, { recursive: true, force: true });
  });
  const env = (extra: EnvOverrides = {}): NodeJS.ProcessEnv =>
    cliEnv({ QUIVER_HOME: home, OPENAI_API_KEY: options.apiKey, OPENAI_BASE_URL: servers.at(-1)?.baseUrl, QUIVER_MODEL: options.model ?? "scripted-model", ...extra });
  const sessionFiles = (): string[] => {
    const dir = join(home, "sessions");
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : [];
  };
  return {
    get home() {
      return home;
    },
    async startServer(serverOptions) {
      const server = await startScriptedServer(serverOptions);
      servers.push(server);
      return server;
    },
    env,
    run: (args, runOptions = {}) => runCli(args, env(runOptions.env), runOptions),
    start: (args, runOptions = {}) => startCli(args, env(runOptions.env), runOptions),
    sessionFiles,
    transcript(file = sessionFiles()[0]) {
      if (file === undefined) return [];
      return readFileSync(join(home, "sessions", file), "utf8")
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line) as TranscriptLine & { type?: string })
        .filter((line) => line.type !== "session");
    },
  };
}

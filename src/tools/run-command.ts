/**
 * Runs a shell command in its own process group with a timeout and an abort signal.
 * The call resolves on the child's exit plus a short drain, never on the pipes' 'close':
 * a grandchild that keeps the pipe open (`sleep 30 &`) must not keep the caller waiting.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { constants } from "node:os";
import { AnsiStripper } from "./ansi-stream.js";
import { HeadTailBuffer } from "./output-cap.js";

export interface RunOptions {
  command: string;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** What to spawn instead of `bash -c <command>` (the sandbox's wrapper, which runs it). */
  spawn?: { file: string; args: readonly string[] };
}

export interface RunResult {
  /** stdout and stderr interleaved in arrival order, ANSI stripped, capped. */
  output: string;
  exitCode: number;
  /** Why the command was stopped, if it was. */
  stopped?: "timeout" | "abort";
  /** Background processes still held the output open after the shell exited, and were stopped. */
  stoppedBackground: boolean;
  /** The shell could not be started. */
  spawnError?: string;
}

/** Between SIGTERM and SIGKILL of the group. */
const KILL_GRACE_MS = 1_500;
/** How long to wait for the pipes to drain once the shell has exited. */
const DRAIN_MS = 500;

export function runCommand(opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => new Run(opts, resolve).start());
}

class Run {
  readonly #opts: RunOptions;
  readonly #resolve: (result: RunResult) => void;
  readonly #buffer: HeadTailBuffer;
  readonly #ansi = new AnsiStripper();
  #child: ChildProcess | undefined;
  #stopped: RunResult["stopped"];
  #stoppedBackground = false;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  #timers: NodeJS.Timeout[] = [];
  #done = false;

  constructor(opts: RunOptions, resolve: (result: RunResult) => void) {
    this.#opts = opts;
    this.#resolve = resolve;
    this.#buffer = new HeadTailBuffer();
  }

  start(): void {
    const { signal } = this.#opts;
    if (signal?.aborted === true) {
      this.#stopped = "abort";
      return this.#finish();
    }
    try {
      // detached: the shell leads a new process group, so the whole tree can be killed at once.
      const { file, args } = this.#opts.spawn ?? { file: "bash", args: ["-c", this.#opts.command] };
      this.#child = spawn(file, args, {
        cwd: this.#opts.cwd,
        env: this.#opts.env ?? process.env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (err) {
      return this.#finish(err instanceof Error ? err.message : String(err));
    }
    const child = this.#child;
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => this.#buffer.push(this.#ansi.push(chunk)));
      stream?.on("error", () => undefined);
    }
    child.once("error", (err) => this.#finish(err.message));
    child.once("exit", (code, sig) => this.#onExit(code, sig));
    child.once("close", () => this.#finish());
    this.#timers.push(setTimeout(() => this.#stop("timeout"), this.#opts.timeoutMs));
    signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  readonly #onAbort = (): void => this.#stop("abort");

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.#exit = { code, signal };
    // Whatever still holds the pipes is a background process; give it a moment to flush.
    this.#timers.push(setTimeout(() => this.#drainTimedOut(), DRAIN_MS));
  }

  #drainTimedOut(): void {
    if (this.#done) return;
    if (this.#stopped === undefined) this.#stoppedBackground = true;
    this.#killGroup();
    this.#finish();
  }

  #stop(reason: "timeout" | "abort"): void {
    // Once the shell has exited, the drain deadline deals with whatever is left.
    if (this.#done || this.#stopped !== undefined || this.#exit !== undefined) return;
    this.#stopped = reason;
    this.#killGroup();
  }

  /** SIGTERM to the group now, SIGKILL after the grace if anything of it is still alive. */
  #killGroup(): void {
    const pid = this.#child?.pid;
    if (pid === undefined) return;
    signalGroup(pid, "SIGTERM");
    // Deliberately not cleared on finish: the group may outlive the call, and must still die.
    setTimeout(() => {
      if (groupAlive(pid)) signalGroup(pid, "SIGKILL");
    }, KILL_GRACE_MS);
  }

  #finish(spawnError?: string): void {
    if (this.#done) return;
    this.#done = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#opts.signal?.removeEventListener("abort", this.#onAbort);
    this.#child?.stdout?.destroy();
    this.#child?.stderr?.destroy();
    this.#buffer.push(this.#ansi.flush());
    const result: RunResult = {
      output: this.#buffer.toString(),
      exitCode: this.#exitCode(spawnError),
      stoppedBackground: this.#stoppedBackground,
    };
    if (this.#stopped !== undefined) result.stopped = this.#stopped;
    if (spawnError !== undefined) result.spawnError = spawnError;
    this.#resolve(result);
  }

  #exitCode(spawnError: string | undefined): number {
    if (this.#stopped === "timeout") return 124;
    if (this.#stopped === "abort") return 130;
    if (spawnError !== undefined || this.#exit === undefined) return 127;
    const { code, signal } = this.#exit;
    if (code !== null) return code;
    return 128 + (signal !== null ? (constants.signals[signal] ?? 0) : 0);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

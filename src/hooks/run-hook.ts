/**
 * Runs one hook command: `sh -c command` in its own process group, outside the model's sandbox
 * but with the terminal's scrubbed environment (the allowlist of src/sandbox/env.ts), the event
 * as JSON on stdin. A time-out or an abort kills the whole group.
 */
import { spawn } from "node:child_process";
import { commandEnv } from "../sandbox/env.js";
import type { HookRun } from "./types.js";

/** Each of stdout and stderr is kept up to this many characters (a hook that floods is cut, not buffered). */
const OUTPUT_LIMIT = 1_000_000;

export interface HookRunOptions {
  timeoutMs: number;
  cwd: string;
  /** Variables set for the hook besides the allowlisted ones (CLAUDE_PROJECT_DIR, …). */
  env: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export function runHook(command: string, input: unknown, opts: HookRunOptions): Promise<HookRun> {
  const started = performance.now();
  return new Promise((resolveRun) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const child = spawn("/bin/sh", ["-c", command], {
      cwd: opts.cwd,
      env: { ...commandEnv(), ...opts.env },
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    const onAbort = (): void => killGroup();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const finish = (exitCode: number | null, spawnError?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      const run: HookRun = { command, exitCode, stdout, stderr, timedOut, durationMs: performance.now() - started };
      resolveRun(spawnError === undefined ? run : { ...run, spawnError });
    };
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout.length < OUTPUT_LIMIT && (stdout += chunk.slice(0, OUTPUT_LIMIT - stdout.length))));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr.length < OUTPUT_LIMIT && (stderr += chunk.slice(0, OUTPUT_LIMIT - stderr.length))));
    child.once("error", (err) => finish(null, err.message));
    // Once the shell exits, whatever it left behind holding the pipes goes too; then the output is whole.
    child.once("exit", () => killGroup());
    child.once("close", (code) => finish(code));
    // A hook that does not read its stdin must not fail the write.
    child.stdin.on("error", () => undefined);
    child.stdin.end(JSON.stringify(input));
  });
}

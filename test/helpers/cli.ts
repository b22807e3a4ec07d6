/** Runs the built CLI (`dist/cli/main.js`) as a real child process. Build first: `npm test` does. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CLI = join(import.meta.dirname, "../../dist/cli/main.js");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  timeoutMs?: number;
}

/** A fresh $QUIVER_HOME; remove it with the returned cleanup. */
export function tempHome(prefix = "quiver-cli-"): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), prefix));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...opts.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [CLI, ...args], { env: env as NodeJS.ProcessEnv, cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/**
 * Runs the `git` binary on a shadow repository: GIT_DIR in $QUIVER_HOME, GIT_WORK_TREE the
 * project. Nothing of the user's or the system's git configuration applies (it could run code
 * through hooks, filters or fsmonitor, or change bytes through autocrlf), and every command has
 * a deadline so a huge project can never hang a turn.
 */
import { execFile } from "node:child_process";

export interface GitTarget {
  gitDir: string;
  workTree: string;
}

export interface GitRunOptions {
  /** Written to git's stdin. */
  input?: string;
  /** Killed after this long (ms). */
  timeoutMs: number;
}

/** git is not installed (or not on PATH): checkpoints are off. */
export class GitMissingError extends Error {
  constructor() {
    super("git was not found on PATH, so checkpoints are off and turns cannot be undone. Install git (2.25 or newer) to enable them.");
    this.name = "GitMissingError";
  }
}

/** A git command ran out of time: the project is too big to snapshot in reasonable time. */
export class GitTimeoutError extends Error {
  constructor(args: readonly string[], timeoutMs: number) {
    super(`git ${args[0] ?? ""} took longer than ${timeoutMs} ms`);
    this.name = "GitTimeoutError";
  }
}

/** Settings that keep the shadow repository byte-exact and free of code execution, on every command. */
const SAFE_CONFIG = [
  "core.autocrlf=false",
  "core.safecrlf=false",
  "core.symlinks=true",
  "core.filemode=true",
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.untrackedCache=true",
  "core.preloadIndex=true",
  "core.quotePath=false",
  "core.bigFileThreshold=512m",
  "gc.auto=0",
  "maintenance.auto=false",
  "advice.addEmbeddedRepo=false",
  "user.name=quiver",
  "user.email=checkpoints@quiver.invalid",
  "commit.gpgSign=false",
];

function gitEnv(target: GitTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // Only what git needs to find itself and its locale; no GIT_* of the caller leaks in.
  for (const name of ["PATH", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    ...env,
    GIT_DIR: target.gitDir,
    GIT_WORK_TREE: target.workTree,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    HOME: target.gitDir,
    XDG_CONFIG_HOME: target.gitDir,
    GIT_TERMINAL_PROMPT: "0",
    GIT_AUTHOR_DATE: new Date().toISOString(),
    GIT_COMMITTER_DATE: new Date().toISOString(),
  };
}

/** Runs `git <args>` and resolves with its stdout; rejects with git's stderr in the message. */
export function runGit(target: GitTarget, args: readonly string[], opts: GitRunOptions): Promise<string> {
  const full = [...SAFE_CONFIG.flatMap((setting) => ["-c", setting]), ...args];
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      full,
      { env: gitEnv(target), cwd: target.workTree, timeout: opts.timeoutMs, killSignal: "SIGKILL", maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (err, stdout, stderr) => {
        if (err === null) return resolve(stdout);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return reject(new GitMissingError());
        if (err.killed === true || (err as { signal?: string }).signal === "SIGKILL") return reject(new GitTimeoutError(args, opts.timeoutMs));
        reject(new Error(`git ${args.join(" ")} failed: ${stderr.trim() || err.message}`));
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  });
}

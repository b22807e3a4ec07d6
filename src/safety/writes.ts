/**
 * The files a command writes, changes or deletes, read from its arguments through the
 * write-target table (write-commands.ts), and the verdict on each target.
 */
import { type Invocation, isOpaque } from "./argv.js";
import type { Finding } from "./finding.js";
import { absolutePath, holdsProtectedPath, type SafetyEnv, UNKNOWN_CWD } from "./paths.js";
import { judgePathTarget } from "./targets.js";
import { WRITE_COMMANDS } from "./write-commands.js";
import type { WriteTarget } from "./write-target.js";

export type { WriteTarget };

/** Where `inv` writes; `perl5.36` and `perl`, `python3.12` and `python` share a row. */
export function writeTargets(inv: Invocation): WriteTarget[] {
  const row = WRITE_COMMANDS.get(inv.name.replace(/^(perl|python)[\d.]+$/, "$1"));
  return row === undefined ? [] : row(inv);
}

/** See targets.ts: a disk is refused; a protected path, a path outside the project or an unknown one asks. */
export function judgeWriteTarget(path: string, env: SafetyEnv, cwd = env.cwd): Finding[] {
  return judgePathTarget(path, env, cwd);
}

const WRITE_OVER_PROTECTED: Finding = {
  key: "write-over-protected",
  reason:
    "unpacking or copying a tree of files into a directory that holds protected ones (the home, /, a .git directory, " +
    "the one holding $QUIVER_HOME): it can overwrite shell startup files, ~/.ssh, git hooks and the like",
  verdict: "ask",
};

/** A tree is judged as its directory, and asks too when protected files live below it. */
export function judgeTarget(target: WriteTarget, env: SafetyEnv, cwd = env.cwd): Finding[] {
  const direct = judgeWriteTarget(target.path, env, cwd);
  if (direct.length > 0 || target.tree !== true || isOpaque(target.path) || target.path === "") return direct;
  if (env.cwd === UNKNOWN_CWD && !/^[/~]/.test(target.path)) return direct;
  return holdsProtectedPath(absolutePath(target.path, { ...env, cwd }), env) ? [WRITE_OVER_PROTECTED] : [];
}

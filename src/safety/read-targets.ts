/**
 * Reading credentials: any word of a command (an operand, `@file`, `--opt=path`) or a `< file`
 * that may resolve under the unreadable list (unreadable.ts: ~/.ssh, ~/.aws, ~/.netrc,
 * $QUIVER_HOME, `sandbox.denyRead`, …) or a process's environment (`/proc/PID/environ`) asks,
 * with `explicit` set: only a person answering this very request may approve it. A word with
 * an unknown piece asks when what is known of it leads into that list (`~/$x`, `~/.ssh/$k`).
 */
import { lstatSync, realpathSync } from "node:fs";
import type { Invocation } from "./argv.js";
import type { Finding } from "./finding.js";
import { absolutePath, isWithin, type SafetyEnv, UNKNOWN_CWD } from "./paths.js";
import { QUIVER_HOME_READABLE, unreadablePaths } from "./unreadable.js";
import { OPAQUE } from "./words.js";

const readsCredentials = (what: string): Finding => ({
  key: "read-credentials",
  reason: `reading ${what}, which holds credentials (only you can approve this, each time)`,
  verdict: "ask",
  explicit: true,
});

const PROC_SECRET = /^\/proc\/[^/]+\/(?:environ|mem)$/;

interface Roots {
  lexical: string[];
  real: string[];
}

/** The list for one environment, resolved once per process and environment. */
const rootsCache = new Map<string, Roots>();

function rootsOf(env: SafetyEnv): Roots {
  const key = `${env.home}\0${env.quiverHome}`;
  let roots = rootsCache.get(key);
  if (roots === undefined) {
    const lexical = unreadablePaths({ home: env.home, quiverHome: env.quiverHome });
    roots = { lexical, real: lexical.map(realOrSelf) };
    if (rootsCache.size > 32) rootsCache.clear();
    rootsCache.set(key, roots);
  }
  return roots;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

function quietStat(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** The path-like part of an argument: `@file` (curl), `--opt=path`, `-Ipath` is left alone. */
function pathPart(arg: string): string | undefined {
  const value = arg.startsWith("@") ? arg.slice(1) : /^-{1,2}[\w-]+=(.+)$/.exec(arg)?.[1] ?? (arg.startsWith("-") ? undefined : arg);
  if (value === undefined || value === "") return undefined;
  return /[/~]/.test(value) || value.startsWith(".") ? value : undefined;
}

/** The pieces of a word that may be paths: itself, what follows `=` (`--key=~/.k`, `f=@path`) and what follows `@`. */
function pathParts(word: string): string[] {
  const parts = [pathPart(word)];
  const eq = word.indexOf("=");
  if (eq !== -1) parts.push(pathPart(word.slice(eq + 1)));
  const at = word.indexOf("@");
  if (at > 0) parts.push(pathPart(word.slice(at)));
  return parts.filter((p): p is string => p !== undefined);
}

/** Whether a word (relative to `cwd`) may name an unreadable path. */
export function mayReadCredentials(word: string, env: SafetyEnv, cwd: string): boolean {
  return pathParts(word).some((part) => mayReadPath(part, env, cwd));
}

function mayReadPath(part: string, env: SafetyEnv, cwd: string): boolean {
  if (cwd === UNKNOWN_CWD && !/^[/~]/.test(part)) return false;
  const abs = absolutePath(part, { ...env, cwd });
  const roots = rootsOf(env);
  if (abs.includes(OPAQUE)) {
    const prefix = abs.slice(0, abs.indexOf(OPAQUE));
    if (prefix === "" || prefix === "/") return false;
    if (/^\/proc\/$/.test(prefix) && /\/(?:environ|mem)$/.test(abs)) return true;
    return roots.lexical.some((r) => r.startsWith(prefix) || isWithin(prefix.replace(/\/$/, ""), r));
  }
  if (PROC_SECRET.test(abs)) return true;
  const exists = abs.length < 4096 && quietStat(abs);
  const real = exists ? realOrSelf(abs) : abs;
  // The shared list's exceptions: $QUIVER_HOME/cache/spillover and skills stay readable (unreadable.ts).
  const spillover = [roots.lexical[0]!, roots.real[0]!].flatMap((q) => QUIVER_HOME_READABLE.map((p) => `${q}/${p}`));
  return [abs, real].some((p) => (roots.lexical.some((r) => isWithin(p, r)) || roots.real.some((r) => isWithin(p, r))) && !spillover.some((s) => isWithin(p, s)));
}

/** The read asks of one invocation (its arguments) and of a `< file` it reads. */
export function readTargets(inv: Invocation, env: SafetyEnv, stdinFile?: string): Finding[] {
  for (const word of stdinFile === undefined ? inv.args : [...inv.args, stdinFile]) {
    if (mayReadCredentials(word, env, inv.cwd)) return [readsCredentials(word.split(OPAQUE).join("…"))];
  }
  return [];
}

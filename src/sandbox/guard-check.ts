/**
 * Protected paths that did not exist cannot be bind-mounted read-only without creating a mount
 * point on the host (an empty ~/.bash_profile changes a login shell). So they are checked after
 * the command instead: with its own PID namespace everything in the sandbox is dead once the
 * command returns, and whatever appeared at a protected path is moved to a quarantine dir.
 */
import { cpSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { lstatOrUndefined, submoduleGitDirs, type GuardedPath } from "./policy.js";

export interface GuardSnapshot {
  /** Identity (dev:ino) per path, or null when missing. */
  before: Map<string, string | null>;
  guarded: GuardedPath[];
}

export interface Quarantined {
  path: string;
  movedTo: string;
}

export function snapshotGuards(guarded: readonly GuardedPath[]): GuardSnapshot {
  return { before: new Map(guarded.map((g) => [g.path, identity(g.path)])), guarded: [...guarded] };
}

/** Moves what appeared at (or replaced) a guarded path into `quarantineDir`; returns what was moved. */
export function checkGuards(snapshot: GuardSnapshot, quarantineDir: string): Quarantined[] {
  const out: Quarantined[] = [];
  for (const guard of withNewSubmodules(snapshot)) {
    const now = identity(guard.path);
    if (now === null || now === snapshot.before.get(guard.path)) continue;
    if (harmlessNew(guard)) continue;
    out.push({ path: guard.path, movedTo: quarantinePath(guard.path, quarantineDir) });
  }
  return out;
}

/** A submodule added by the command brings its own hooks and config to check. */
function withNewSubmodules(snapshot: GuardSnapshot): GuardedPath[] {
  const all = [...snapshot.guarded];
  for (const guard of snapshot.guarded) {
    if (!guard.path.endsWith("/.git/config")) continue;
    for (const dir of submoduleGitDirs(join(guard.path, "..", "modules"), 0)) {
      for (const g of [{ path: join(dir, "hooks"), kind: "git-hooks" as const }, { path: join(dir, "config"), kind: "git-config" as const }]) {
        if (!snapshot.before.has(g.path)) {
          snapshot.before.set(g.path, null);
          all.push(g);
        }
      }
    }
  }
  return all;
}

/**
 * `git init` and `git clone` write a hooks dir of `*.sample` files (never run), a plain config
 * and a `.git` directory: these are left alone, anything else is quarantined.
 */
function harmlessNew(guard: GuardedPath): boolean {
  if (guard.kind === "git-hooks") return onlySamples(guard.path);
  if (guard.kind === "git-config") return plainGitConfig(guard.path);
  if (guard.kind === "git-dir") return lstatOrUndefined(guard.path)?.isDirectory() === true;
  return false;
}

function onlySamples(dir: string): boolean {
  try {
    if (!lstatSync(dir).isDirectory()) return false;
    return readdirSync(dir, { withFileTypes: true }).every((e) => e.isFile() && e.name.endsWith(".sample"));
  } catch {
    return false;
  }
}

/** Keys git itself writes on init/clone; none of them runs a program. */
const PLAIN_KEYS: Record<string, readonly string[]> = {
  core: ["repositoryformatversion", "filemode", "bare", "logallrefupdates", "ignorecase", "precomposeunicode", "symlinks", "worktree"],
  remote: ["url", "fetch"],
  branch: ["remote", "merge"],
  submodule: ["url", "active"],
  extensions: ["objectformat"],
};

export function plainGitConfig(path: string): boolean {
  let text: string;
  try {
    if (!lstatSync(path).isFile()) return false;
    text = readFileSync(path, "utf8");
  } catch {
    return false;
  }
  let section: string | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[([A-Za-z0-9.-]+)(?:\s+"[^"\\]*")?\]$/.exec(line);
    if (header !== null) {
      section = header[1]!.toLowerCase();
      if (!(section in PLAIN_KEYS)) return false;
      continue;
    }
    const key = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=|$)/.exec(line)?.[1]?.toLowerCase();
    if (section === undefined || key === undefined || !PLAIN_KEYS[section]!.includes(key)) return false;
    if (section === "remote" && key === "url" && /=\s*"?ext::/i.test(line)) return false;
  }
  return true;
}

/** dev:ino of the path, and for a symlink of what it points to too (a dangling one that gets a target changes). */
function identity(path: string): string | null {
  const stats = lstatOrUndefined(path);
  if (stats === undefined) return null;
  if (!stats.isSymbolicLink()) return `${stats.dev}:${stats.ino}`;
  const target = statOrUndefined(path);
  return `${stats.dev}:${stats.ino}->${target === undefined ? "missing" : `${target.dev}:${target.ino}`}`;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Moves `path` into `quarantineDir` (made 0700); returns where it went. */
export function quarantinePath(path: string, quarantineDir: string): string {
  mkdirSync(quarantineDir, { recursive: true, mode: 0o700 });
  const dest = join(quarantineDir, `${Date.now()}-${path.replace(/^\/+/, "").replace(/\//g, "__")}`);
  try {
    renameSync(path, dest);
  } catch {
    // Another file system (EXDEV): copy, then remove.
    cpSync(path, dest, { recursive: true, verbatimSymlinks: true });
    rmSync(path, { recursive: true, force: true });
  }
  return dest;
}

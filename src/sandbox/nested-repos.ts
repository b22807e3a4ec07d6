/**
 * A repository the command made or changed below a writable root (`vendor/lib/.git`, or a bare
 * layout, which git also discovers) brings config and hooks that run when the user works there
 * later, outside the sandbox. Such paths cannot be guarded before they exist, so the roots are
 * walked after each command:
 * - a git dir that is new (a path or inode the walk before did not see) and itself changed during
 *   the command is checked whole, like a new root's: `git init` and `git clone` pass, a dir
 *   renamed to `.git` with a planted config does not;
 * - in any other git dir, what changed during the command (by ctime, which the command cannot set
 *   back) is checked, so the user's own hooks and config beside it stay.
 * Moves from the private /tmp or the caches cross mounts, so they arrive as new files.
 */
import { readFileSync, readdirSync, type Dirent, type Stats } from "node:fs";
import { join } from "node:path";
import { plainGitConfig, quarantinePath, type Quarantined } from "./guard-check.js";
import { lstatOrUndefined, within } from "./policy.js";

/** Filesystem timestamps come from a coarse clock that may lag the wall clock by a tick. */
const CLOCK_SLACK_MS = 100;
/** Past this many directories the walk stops and says so instead of stalling every command. */
export const NESTED_WALK_LIMIT = 50_000;

export interface NestedCheck {
  quarantined: Quarantined[];
  /** Set when the walk stopped at the limit: repositories past it were not checked. */
  incomplete?: string;
}

/** A git dir found by the walk: a `.git` entry (dir, file or symlink) or a bare layout. */
interface Found {
  path: string;
  stats: Stats;
}

interface Walk {
  found: Found[];
  dirs: number;
  /** Each root's own `.git`: left to the policy's guards. */
  skip: readonly string[];
}

/** dev:ino per git dir path, as the last walk of these roots saw them. */
let known: { roots: string; ids: Map<string, string> } | undefined;

/** The walk before the first command on these roots: what is there already is the user's. */
export function baselineNestedRepos(roots: readonly string[]): void {
  if (known?.roots === roots.join("\0")) return;
  known = { roots: roots.join("\0"), ids: identities(walkRoots(roots).found) };
}

export function checkNestedRepos(roots: readonly string[], sinceMs: number, quarantineDir: string): NestedCheck {
  const since = sinceMs - CLOCK_SLACK_MS;
  const walk = walkRoots(roots);
  const before = known?.roots === roots.join("\0") ? known.ids : new Map<string, string>();
  const quarantined: Quarantined[] = [];
  const move = (path: string): void => {
    quarantined.push({ path, movedTo: quarantinePath(path, quarantineDir) });
  };
  for (const found of walk.found) {
    const isNew = before.get(found.path) !== identity(found.stats) && found.stats.ctimeMs >= since;
    if (found.stats.isDirectory()) checkGitDir(found.path, isNew ? 0 : since, move);
    else if (isNew && !(found.stats.isFile() && pointsInto(found.path, walk.skip))) move(found.path);
  }
  known = { roots: roots.join("\0"), ids: identities(walk.found.filter((f) => !quarantined.some((q) => q.path === f.path))) };
  if (walk.dirs <= NESTED_WALK_LIMIT) return { quarantined };
  return { quarantined, incomplete: `more than ${NESTED_WALK_LIMIT} directories below ${roots.join(", ")}: repositories past them were not checked for hooks or config the command added` };
}

function walkRoots(roots: readonly string[]): Walk {
  const walk: Walk = { found: [], dirs: 0, skip: roots.map((r) => join(r, ".git")) };
  for (const root of roots) if (!walkDir(root, walk)) break;
  return walk;
}

/** false when the walk hit its limit. */
function walkDir(dir: string, walk: Walk): boolean {
  if (++walk.dirs > NESTED_WALK_LIMIT) return false;
  const entries = readEntries(dir);
  if (isBareLayout(entries)) {
    const stats = lstatOrUndefined(dir);
    if (stats !== undefined && !walk.skip.includes(dir)) walk.found.push({ path: dir, stats });
    return true;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.name === ".git") {
      const stats = lstatOrUndefined(path);
      if (stats !== undefined && !walk.skip.includes(path)) walk.found.push({ path, stats });
      continue;
    }
    if (entry.isDirectory() && !walkDir(path, walk)) return false;
  }
  return true;
}

/** What git takes for a git dir when discovering from inside it (HEAD, objects, refs). */
function isBareLayout(entries: readonly Dirent[]): boolean {
  const names = new Set(entries.map((e) => e.name));
  return names.has("HEAD") && names.has("objects") && names.has("refs");
}

/** A `gitdir:` file git itself writes for a submodule or worktree points into a root's `.git`. */
function pointsInto(path: string, gitDirs: readonly string[]): boolean {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return false;
  }
  const target = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
  if (target === undefined) return false;
  const absolute = target.startsWith("/") ? target : join(path, "..", target);
  return gitDirs.some((g) => within(absolute, g));
}

/** What changed at or after `since` (0: everything) must be what git init/clone writes. */
function checkGitDir(gitDir: string, since: number, move: (path: string) => void): void {
  const changed = (path: string): Stats | undefined => {
    const stats = lstatOrUndefined(path);
    return stats !== undefined && stats.ctimeMs >= since ? stats : undefined;
  };
  const config = join(gitDir, "config");
  if (changed(config) !== undefined && !plainGitConfig(config)) move(config);
  for (const name of ["config.worktree", "commondir"]) if (changed(join(gitDir, name)) !== undefined) move(join(gitDir, name));
  const hooks = join(gitDir, "hooks");
  const hooksStats = lstatOrUndefined(hooks);
  if (hooksStats === undefined) return;
  if (!hooksStats.isDirectory()) {
    if (changed(hooks) !== undefined) move(hooks);
    return;
  }
  // Only the hooks that changed go: the user's own beside them stay. `*.sample` never runs.
  for (const entry of readEntries(hooks)) {
    const path = join(hooks, entry.name);
    if (changed(path) !== undefined && !(entry.isFile() && entry.name.endsWith(".sample"))) move(path);
  }
}

function identities(found: readonly Found[]): Map<string, string> {
  return new Map(found.map((f) => [f.path, identity(f.stats)]));
}

function identity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}

function readEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * What the sandbox lets a command write and see: the project (fixed per process), a private
 * temp dir and `sandbox.writable` are writable; everything else is read-only; the unreadable
 * paths look empty or missing; and inside the writable area the paths that run code later
 * outside the sandbox (git hooks, shell rc files, …) stay read-only.
 */
import { lstatSync, readFileSync, readdirSync, realpathSync, type Stats } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { SHELL_RC_FILES } from "../safety/paths.js";
import { findProjectRoot } from "../safety/project-root.js";
import { unreadableEnv, unreadablePaths, type UnreadableEnv } from "../safety/unreadable.js";

/**
 * Inside every writable root, relative: what git, direnv, quiver and the editors run later,
 * outside the sandbox. Documented in docs/safety.md.
 */
export const READ_ONLY_IN_PROJECT: readonly string[] = [
  ".git/hooks",
  ".git/config",
  ".git/config.worktree",
  ".quiver",
  ".envrc",
  ".vscode/tasks.json",
  ".vscode/settings.json",
  ".vscode/launch.json",
  ".idea/runConfigurations",
  ".idea/workspace.xml",
];

/** In the home, relative, when the writable area reaches them: startup files and what is on PATH or runs on git commands. */
export const READ_ONLY_IN_HOME: readonly string[] = [...SHELL_RC_FILES, ".gitconfig", ".config/git", ".local/bin"];

/**
 * How a guarded path is checked after a command that created it (see guard-check.ts).
 * "git-dir" is a root's `.git`: a directory is left to its own guards (and stays writable),
 * a file or symlink there would point git at a git dir the command wrote.
 */
export type GuardKind = "path" | "git-config" | "git-hooks" | "git-dir";

export interface GuardedPath {
  path: string;
  kind: GuardKind;
}

export interface SandboxPolicy {
  project: string;
  /** Writable roots, absolute with symlinks resolved, existing, the project first. */
  writable: string[];
  /** Protected paths inside the writable roots, existing or not. */
  guarded: GuardedPath[];
  /** Unreadable paths (existing ones are hidden), absolute. */
  hidden: string[];
  env: UnreadableEnv;
}

let project: string | undefined;

/** Fixes the project for this process (embedders and tests; the CLI leaves it to the working directory). */
export function setSandboxProject(dir: string | undefined): void {
  project = dir === undefined ? undefined : realOr(findProjectRoot(dir));
}

/** The project the sandbox makes writable: fixed for the process, never the call's workdir. */
export function sandboxProject(): string {
  project ??= realOr(findProjectRoot(process.cwd()));
  return project;
}

export function sandboxPolicy(extraWritable: readonly string[], env: UnreadableEnv = unreadableEnv()): SandboxPolicy {
  const root = sandboxProject();
  const extra = extraWritable.filter((p) => !tooBroad(resolve(p), env.home)).map((p) => realOr(resolve(p))).filter((p) => exists(p));
  const linked = linkedGitDirs(root);
  // Started in / or a system directory, the "project" would make the system writable: it is not.
  const own = isSystemDir(root, env.home) ? [] : [root, ...(linked === undefined ? [] : [linked.common])];
  const writable = [...new Set([...own, ...extra])];
  const hidden = unreadablePaths(env);
  const guarded: GuardedPath[] = [];
  for (const dir of writable) guarded.push(...projectGuards(dir));
  if (linked !== undefined) guarded.push(...gitDirGuards(linked.common), { path: join(linked.gitDir, "config.worktree"), kind: "path" });
  const homeGuards = [...READ_ONLY_IN_HOME.map((p) => join(env.home, p)), ...hidden];
  for (const path of homeGuards) if (writable.some((dir) => within(path, dir))) guarded.push({ path, kind: "path" });
  return { project: root, writable, guarded: dedupe(guarded), hidden, env };
}

/** Never a writable project: `/`, the system's top-level directories, /tmp, and the directory holding the homes. */
const SYSTEM_DIRS = ["/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/run", "/sbin", "/sys", "/tmp", "/usr", "/var", "/Users", "/System", "/Library", "/private", "/Applications", "/Volumes"];

export function isSystemDir(dir: string, home: string): boolean {
  return SYSTEM_DIRS.includes(dir) || (dirname(home) !== "/" && dir === dirname(home)) || dirname(dir) === "/usr";
}

/**
 * A sandbox.writable entry that is, or leads through a symlink to, a system directory is
 * ignored; so is one that reaches the home (or what holds it) only through a symlink: there
 * only the rc files stay guarded, every other dotfile that runs later (autostart entries,
 * ~/.npmrc, systemd user units) would be writable without the user having named the home.
 */
export function tooBroad(entry: string, home: string): boolean {
  const real = realOr(entry);
  return isSystemDir(entry, home) || isSystemDir(real, home) || (real !== entry && within(realOr(home), real));
}

function projectGuards(root: string): GuardedPath[] {
  const out: GuardedPath[] = [{ path: join(root, ".git"), kind: "git-dir" }, ...READ_ONLY_IN_PROJECT.map((p) => ({ path: join(root, p), kind: kindOf(p) }))];
  return [...out, ...gitDirGuards(join(root, ".git")).filter((g) => !out.some((o) => o.path === g.path))];
}

/**
 * In a git dir: hooks and config, each submodule's, and each linked worktree's config.worktree;
 * and `commondir`, which git follows from any git dir to read config and hooks elsewhere.
 */
function gitDirGuards(gitDir: string): GuardedPath[] {
  const out: GuardedPath[] = [
    { path: join(gitDir, "hooks"), kind: "git-hooks" },
    { path: join(gitDir, "config"), kind: "git-config" },
    { path: join(gitDir, "config.worktree"), kind: "path" },
    { path: join(gitDir, "commondir"), kind: "path" },
  ];
  for (const dir of submoduleGitDirs(join(gitDir, "modules"), 0)) {
    out.push({ path: join(dir, "hooks"), kind: "git-hooks" }, { path: join(dir, "config"), kind: "git-config" }, { path: join(dir, "commondir"), kind: "path" });
  }
  for (const name of listDir(join(gitDir, "worktrees"))) {
    for (const file of ["config.worktree", "commondir"]) out.push({ path: join(gitDir, "worktrees", name, file), kind: "path" });
  }
  return out;
}

/**
 * A linked worktree's `.git` is a file naming its git dir inside the main repository's; git
 * writes there (index, refs, objects), so that repository's git dir is writable too, its hooks
 * and config guarded like the project's.
 */
function linkedGitDirs(root: string): { gitDir: string; common: string } | undefined {
  const dotGit = join(root, ".git");
  if (lstatOrUndefined(dotGit)?.isFile() !== true) return undefined;
  const gitDir = /^gitdir:\s*(.+?)\s*$/m.exec(readOr(dotGit))?.[1];
  if (gitDir === undefined) return undefined;
  const absolute = realOr(resolve(root, gitDir));
  const common = readOr(join(absolute, "commondir")).trim();
  const commonDir = realOr(common === "" ? absolute : resolve(absolute, common));
  return isDirectory(commonDir) ? { gitDir: absolute, common: commonDir } : undefined;
}

function readOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function kindOf(relativePath: string): GuardKind {
  if (relativePath === ".git/config") return "git-config";
  if (relativePath === ".git/hooks") return "git-hooks";
  return "path";
}

/** `.git/modules/<name>` (and their own nested `modules/`): each is a git dir with hooks and config. */
export function submoduleGitDirs(modules: string, depth: number): string[] {
  if (depth > 4) return [];
  let names: string[];
  try {
    names = readdirSync(modules);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const dir = join(modules, name);
    if (!exists(join(dir, "HEAD")) && !exists(join(dir, "config"))) {
      out.push(...submoduleGitDirs(dir, depth + 1)); // a module named a/b lives at modules/a/b
      continue;
    }
    out.push(dir, ...submoduleGitDirs(join(dir, "modules"), depth + 1));
  }
  return out;
}

/** Directories between `root` (exclusive) and `path` (exclusive) that exist: pinned so they cannot be renamed away. */
export function parentsBetween(root: string, path: string): string[] {
  const rel = relative(root, dirname(path));
  if (rel === "" || rel.startsWith("..")) return [];
  const parts = rel.split(sep);
  const out: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const dir = join(root, ...parts.slice(0, i));
    if (!isDirectory(dir)) break;
    out.push(dir);
  }
  return out;
}

export function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/** lstat, undefined when missing, and when a parent is not a directory (`.git` is a file in a worktree). */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

export function exists(path: string): boolean {
  return lstatOrUndefined(path) !== undefined;
}

export function isDirectory(path: string): boolean {
  return lstatOrUndefined(path)?.isDirectory() === true;
}

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

function dedupe(paths: GuardedPath[]): GuardedPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => !seen.has(p.path) && seen.add(p.path));
}

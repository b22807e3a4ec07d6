/**
 * Project instructions: `AGENTS.md` (or the names of `instructions.files`) in `$QUIVER_HOME`,
 * then in each directory from the project root down to the working directory. They go into the
 * system prompt in that order (user, root … cwd) with their paths, so the nearer file speaks last.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { quiverPath } from "../registry/index.js";
import { findProjectRoot } from "../safety/project-root.js";
import { unreadablePaths, unreadableRoot } from "../safety/unreadable.js";

export const DEFAULT_INSTRUCTION_FILES: readonly string[] = ["AGENTS.md"];
/** All files together; what is past it is cut, with a warning (instructions cost every request). */
export const DEFAULT_INSTRUCTIONS_MAX_BYTES = 64 * 1024;

export interface InstructionsOptions {
  cwd?: string;
  /** File names looked for in each directory, first found wins per directory (default AGENTS.md). */
  files?: readonly string[];
  maxBytes?: number;
  /** Where the user-level file is looked for (default `$QUIVER_HOME`). */
  userDir?: string;
}

export interface InstructionFile {
  path: string;
  scope: "user" | "project";
  bytes: number;
  /** Cut at the size cap. */
  truncated: boolean;
  text: string;
}

export interface ProjectInstructions {
  files: InstructionFile[];
  /** Said once, e.g. at start-up: files cut at the cap. */
  warnings: string[];
}

export function loadProjectInstructions(options: InstructionsOptions = {}): ProjectInstructions {
  const cwd = resolve(options.cwd ?? process.cwd());
  const names = options.files !== undefined && options.files.length > 0 ? options.files : DEFAULT_INSTRUCTION_FILES;
  const maxBytes = options.maxBytes ?? DEFAULT_INSTRUCTIONS_MAX_BYTES;
  const dirs: Array<{ dir: string; scope: InstructionFile["scope"] }> = [{ dir: options.userDir ?? quiverPath(), scope: "user" }];
  for (const dir of projectDirs(cwd)) dirs.push({ dir, scope: "project" });
  const files: InstructionFile[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  let left = maxBytes;
  for (const { dir, scope } of dirs) {
    const found = firstReadable(dir, names);
    if (found === undefined || seen.has(found.path)) continue;
    // A cloned repository's AGENTS.md may be a link to ~/.ssh/id_rsa: the system prompt goes to the provider.
    const protectedRoot = scope === "project" ? credentialTarget(found.path) : undefined;
    if (protectedRoot !== undefined) {
      warnings.push(`${found.path} is not read: it resolves to a path under ${protectedRoot}, which holds credentials`);
      continue;
    }
    seen.add(found.path);
    const kept = cut(found.text, Math.max(0, left));
    left -= Buffer.byteLength(kept);
    const truncated = kept.length < found.text.length;
    if (truncated) warnings.push(`${found.path} is cut at the ${maxBytes}-byte cap of project instructions (instructions.maxBytes); ${found.bytes} bytes in all`);
    if (kept.trim() === "" && !truncated) continue;
    files.push({ path: found.path, scope, bytes: found.bytes, truncated, text: kept });
  }
  return { files, warnings };
}

/** The root, then each directory down to `cwd` (only `cwd` when it is the root). */
function projectDirs(cwd: string): string[] {
  const root = findProjectRoot(cwd);
  const rel = relative(root, cwd);
  if (rel === "" || rel.startsWith("..")) return [cwd];
  const dirs = [root];
  let at = root;
  for (const part of rel.split(sep)) dirs.push((at = join(at, part)));
  return dirs;
}

function firstReadable(dir: string, names: readonly string[]): { path: string; text: string; bytes: number } | undefined {
  for (const name of names) {
    const path = join(dir, name);
    const text = readRegularFile(path);
    if (text !== undefined) return { path, text, bytes: Buffer.byteLength(text) };
  }
  return undefined;
}

/**
 * The credential root the file falls under, if any. A file that is what it says (no link on its
 * way) gets the prefix test only; a link gets the full check (~3 ms: it resolves every root).
 */
function credentialTarget(path: string): string | undefined {
  let real = path;
  try {
    real = realpathSync.native(path);
  } catch {
    // Unresolvable: judged by its own path.
  }
  if (real === path) return unreadablePaths().find((root) => path === root || path.startsWith(`${root}${sep}`));
  return unreadableRoot(real) ?? unreadableRoot(path);
}

/** A regular file's text (up to 4 MiB read), or undefined: missing, a directory, a pipe, unreadable. */
function readRegularFile(path: string): string | undefined {
  let fd: number;
  try {
    // Non-blocking: an AGENTS.md that is a FIFO must not hang the start.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const buffer = Buffer.alloc(Math.min(stat.size, 4 * 1024 * 1024));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString("utf8");
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function cut(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  return Buffer.from(text).subarray(0, bytes).toString("utf8").replace(/\uFFFD$/, "");
}

/** Directory part used in the banner: the file's folder, for "AGENTS.md (~/project/src)". */
export function instructionDir(file: InstructionFile): string {
  return dirname(file.path);
}

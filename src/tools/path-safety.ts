/**
 * Paths as the tools see them: `~` expansion, resolution against the working directory,
 * and what counts as a regular file. Which paths are protected from writes is the safety
 * layer's business (src/safety/).
 */
import { realpath, stat, statfs } from "node:fs/promises";
import type { Stats } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { isWithin } from "../safety/paths.js";
import { ToolInputError, isErrnoError } from "./tool-input.js";

/** `~` and `~/x` → the home directory (read from $HOME on every call, so tests can move it). */
function expandHome(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return join(homedir(), path.slice(2));
  return path;
}

/** Absolute form of a path the model gave: `~` expanded, relative paths against `process.cwd()`. */
export function resolveUserPath(path: string): string {
  if (path.includes("\0")) throw new ToolInputError(`Path contains a NUL byte: ${JSON.stringify(path)}`);
  return resolve(process.cwd(), expandHome(path));
}

/** A path relative to the working directory when it lies inside it, else absolute. */
export function displayPath(absPath: string): string {
  const rel = relative(process.cwd(), absPath);
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? absPath : rel;
}

export function isDevicePath(absPath: string): boolean {
  return isWithin(absPath, "/dev");
}

/**
 * The path with symlinks resolved, also when the file does not exist yet (its nearest
 * existing parent is resolved), so a link cannot smuggle a write into ~/.ssh.
 */
export async function realTarget(absPath: string): Promise<string> {
  try {
    return await realpath(absPath);
  } catch (err) {
    if (!isErrnoError(err) || (err.code !== "ENOENT" && err.code !== "ENOTDIR")) throw err;
    const parent = dirname(absPath);
    return parent === absPath ? absPath : join(await realTarget(parent), basename(absPath));
  }
}

/** `stat`, or undefined when nothing is there. */
export async function statOrUndefined(absPath: string): Promise<Stats | undefined> {
  try {
    return await stat(absPath);
  } catch (err) {
    if (isErrnoError(err) && (err.code === "ENOENT" || err.code === "ENOTDIR")) return undefined;
    throw err;
  }
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return stats.isFile() ? "a regular file" : "not a regular file";
}

// Linux statfs magic numbers of kernel pseudo-filesystems. Their files claim to be regular
// files (size 0 or 4096) but are generated on read, and some block forever (/proc/kmsg,
// tracing/trace_pipe) or change kernel state as they are read.
const PSEUDO_FILESYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, "procfs"],
  [0x62656572, "sysfs"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0x62656570, "configfs"],
  [0x27e0eb, "cgroupfs"],
  [0x63677270, "cgroup2fs"],
  [0xcafe4a11, "bpffs"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
]);

// Verdicts by device number (`stats.dev`), so a search over many files asks statfs once per
// filesystem rather than once per file.
const pseudoByDevice = new Map<number, string | undefined>();

/** The pseudo-filesystem of the file with these stats ("procfs", ...), or undefined for a real one. */
export async function pseudoFilesystemOf(absPath: string, stats: Stats): Promise<string | undefined> {
  if (process.platform !== "linux") return undefined;
  if (pseudoByDevice.has(stats.dev)) return pseudoByDevice.get(stats.dev);
  let verdict: string | undefined;
  try {
    verdict = PSEUDO_FILESYSTEMS.get(Number((await statfs(absPath)).type));
  } catch {
    return undefined;
  }
  pseudoByDevice.set(stats.dev, verdict);
  return verdict;
}

/**
 * Checks that an existing path is a regular file the tools may open, and returns its stats.
 * Decided before anything opens it, on the target with symlinks resolved: opening a FIFO
 * blocks until a writer comes, and reading /dev/zero, /dev/stdin or /proc/kmsg never ends.
 */
export async function requireRegularFile(absPath: string): Promise<Stats> {
  const shown = displayPath(absPath);
  const real = await realpathOrSelf(absPath);
  const via = real === absPath ? "" : ` (a link to ${real})`;
  if (isDevicePath(absPath) || isDevicePath(real)) {
    throw new ToolInputError(`Refusing to open ${shown}${via}: device files under /dev are not read or written by the file tools.`);
  }
  const stats = await statOrUndefined(real);
  if (stats === undefined) {
    throw new ToolInputError(`File not found: ${shown}. Check the path, or use search_files to find the file.`);
  }
  if (stats.isDirectory()) {
    throw new ToolInputError(`${shown} is a directory, not a file. Use search_files to look for files inside it.`);
  }
  if (!stats.isFile()) throw new ToolInputError(`Refusing to open ${shown}${via}: it is ${fileKind(stats)}, not a regular file.`);
  const pseudo = await pseudoFilesystemOf(real, stats);
  if (pseudo !== undefined) {
    throw new ToolInputError(
      `Refusing to open ${shown}${via}: it is a kernel pseudo-file on ${pseudo}, not a regular file; some block forever or change state when read. ` +
        `If you need it, read it with the terminal under a time limit, e.g. \`timeout 5 head -c 100000 ${real}\`.`,
    );
  }
  return stats;
}

/** The path with symlinks resolved; the path itself when it does not resolve (missing, a loop). */
async function realpathOrSelf(absPath: string): Promise<string> {
  try {
    return await realpath(absPath);
  } catch {
    return absPath;
  }
}

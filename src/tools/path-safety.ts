/**
 * Paths as the tools see them: `~` expansion, resolution against the working directory,
 * and what counts as a regular file. Which paths are protected from writes is the safety
 * layer's business (src/safety/).
 */
import { realpath, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { isWithin } from "../safety/paths.js";
import { ToolInputError, isErrnoError } from "./tool-input.js";

/** `~` and `~/x` → the home directory (read from $HOME on every call, so tests can move it). */
export function expandHome(path: string): string {
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

export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return stats.isFile() ? "a regular file" : "not a regular file";
}

/**
 * Checks that an existing path is a regular file the tools may open, and returns its stats.
 * Devices are refused by path first: reading /dev/zero or /dev/stdin would never end.
 */
export async function requireRegularFile(absPath: string): Promise<Stats> {
  const shown = displayPath(absPath);
  if (isDevicePath(absPath)) {
    throw new ToolInputError(`Refusing to open ${shown}: device files under /dev are not read or written by the file tools.`);
  }
  const stats = await statOrUndefined(absPath);
  if (stats === undefined) {
    throw new ToolInputError(`File not found: ${shown}. Check the path, or use search_files to find the file.`);
  }
  if (stats.isDirectory()) {
    throw new ToolInputError(`${shown} is a directory, not a file. Use search_files to look for files inside it.`);
  }
  if (!stats.isFile()) throw new ToolInputError(`Refusing to open ${shown}: it is ${fileKind(stats)}, not a regular file.`);
  return stats;
}

/**
 * The file a write tool judged is the file it touches. A path is resolved once (symlinks
 * included) and that resolved path is what the safety layer judges; afterwards every access
 * goes through descriptors opened without following a final link and checked against what was
 * judged, so a symlink swapped in between (a file, or a parent folder) cannot redirect the
 * write into ~/.ssh.
 *
 * On Linux a folder is reached as `/proc/self/fd/N/name` once opened: the kernel resolves that
 * through the descriptor (like openat/renameat, which Node lacks), and `readlink` of
 * `/proc/self/fd/N` names the folder actually opened. Elsewhere the folder is re-checked by
 * path (dev/ino) right before the rename, which narrows the window but cannot close it.
 */
import { constants, readlinkSync, type Stats } from "node:fs";
import { lstat, mkdir, open, realpath, stat, type FileHandle } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { displayPath, realTarget } from "./path-safety.js";
import { ToolInputError, isErrnoError } from "./tool-input.js";

export interface FileIdentity {
  dev: number;
  ino: number;
}

/** A write target as judged: the path asked for, the path with links resolved, and what was there. */
export interface JudgedTarget {
  requested: string;
  /** Symlinks resolved once: what the safety layer judges and what is written. */
  real: string;
  /** The file at `real` when it was resolved; undefined when there was none. */
  identity: FileIdentity | undefined;
}

export async function judgeTarget(requested: string): Promise<JudgedTarget> {
  const real = await realTarget(requested);
  const stats = await lstatOrUndefined(real);
  return { requested, real, identity: stats === undefined ? undefined : identityOf(stats) };
}

/** An opened folder: `at` reaches entries through the descriptor (Linux) or by its path. */
export interface DirHandle {
  handle: FileHandle;
  at: string;
  /** The folder's resolved path, as judged. */
  path: string;
}

const BY_FD = process.platform === "linux";
const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Opens the resolved folder `dir`, creating missing folders one at a time below the nearest
 * existing one (each made inside its verified parent), and checks it is the folder judged.
 */
export async function openJudgedDir(dir: string, shownFor: string): Promise<DirHandle> {
  const missing: string[] = [];
  let current = dir;
  let handle: FileHandle | undefined;
  while (handle === undefined) {
    try {
      handle = await open(current, DIR_FLAGS);
    } catch (err) {
      if (!isErrnoError(err) || err.code !== "ENOENT" || dirname(current) === current) throw dirError(err, current, shownFor);
      missing.unshift(basename(current));
      current = dirname(current);
    }
  }
  let opened: DirHandle = { handle, at: atOf(handle, current), path: current };
  try {
    await verifyDir(opened, shownFor);
    for (const name of missing) opened = await descend(opened, name, shownFor);
    return opened;
  } catch (err) {
    await opened.handle.close();
    throw err;
  }
}

async function descend(parent: DirHandle, name: string, shownFor: string): Promise<DirHandle> {
  const at = join(parent.at, name);
  try {
    await mkdir(at);
  } catch (err) {
    if (!isErrnoError(err) || err.code !== "EEXIST") throw dirError(err, join(parent.path, name), shownFor);
  }
  let handle: FileHandle;
  try {
    handle = await open(at, DIR_FLAGS);
  } catch (err) {
    throw dirError(err, join(parent.path, name), shownFor);
  }
  await parent.handle.close();
  const child = { handle, at: atOf(handle, join(parent.path, name)), path: join(parent.path, name) };
  await verifyDir(child, shownFor);
  return child;
}

function atOf(handle: FileHandle, path: string): string {
  return BY_FD ? `/proc/self/fd/${handle.fd}` : path;
}

/** Refuses unless the opened folder still is the judged one, at the judged path. */
export async function verifyDir(dir: DirHandle, shownFor: string): Promise<void> {
  if (BY_FD) {
    let named: string | undefined;
    try {
      named = readlinkSync(dir.at);
    } catch {
      named = undefined;
    }
    if (named === dir.path) return;
    throw changed(shownFor, `its folder ${dir.path} is now ${named ?? "gone"}`);
  }
  const [held, there] = await Promise.all([dir.handle.stat(), stat(dir.path).catch(() => undefined)]);
  const real = await realpath(dir.path).catch(() => undefined);
  if (there !== undefined && real === dir.path && sameFile(held, there)) return;
  throw changed(shownFor, `its folder ${dir.path} was replaced`);
}

/** Refuses unless the entry `name` in `dir` is still what was judged (nothing, or the same regular file). */
export async function verifyEntry(dir: DirHandle, name: string, judged: FileIdentity | undefined, shownFor: string): Promise<Stats | undefined> {
  const now = await lstatOrUndefined(join(dir.at, name));
  if (now?.isSymbolicLink() === true) throw changed(shownFor, "it became a symlink");
  if (now !== undefined && !now.isFile()) {
    throw new ToolInputError(`Cannot write ${displayPath(shownFor)}: it exists and is ${now.isDirectory() ? "a directory" : "not a regular file"}.`);
  }
  if (judged === undefined && now === undefined) return undefined;
  if (judged !== undefined && now !== undefined && sameFile(judged, now)) return now;
  throw changed(shownFor, judged === undefined ? "a file appeared there" : "the file there was replaced");
}

/**
 * Reads the judged file: opened without following a final link, and refused unless the opened
 * file is the one judged (same dev/ino, and on Linux the same path).
 */
export async function readJudged(target: JudgedTarget): Promise<Buffer> {
  let handle: FileHandle;
  try {
    handle = await open(target.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if (isErrnoError(err) && err.code === "ELOOP") throw changed(target.requested, "it became a symlink");
    throw err;
  }
  try {
    const stats = await handle.stat();
    if (target.identity === undefined || !sameFile(target.identity, stats)) throw changed(target.requested, "the file there was replaced");
    if (BY_FD && readlinkSync(`/proc/self/fd/${handle.fd}`) !== target.real) throw changed(target.requested, "its folder was swapped");
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function identityOf(stats: Stats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino };
}

function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function changed(shownFor: string, what: string): ToolInputError {
  return new ToolInputError(
    `Refusing to write ${displayPath(shownFor)}: the path changed after it was checked (${what}), so writing could land somewhere that was not approved. Nothing was written; check the path (is something swapping symlinks?) and try again.`,
    { error_type: "path_changed" },
  );
}

function dirError(err: unknown, dir: string, shownFor: string): unknown {
  if (!isErrnoError(err)) return err;
  if (err.code === "ELOOP") return changed(shownFor, `the folder ${dir} became a symlink`);
  if (err.code === "ENOTDIR" || err.code === "EEXIST") {
    return new ToolInputError(`Cannot create the folder for ${displayPath(shownFor)}: a part of the path ${dir} is a file, not a folder.`);
  }
  return err;
}

async function lstatOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (err) {
    if (isErrnoError(err) && (err.code === "ENOENT" || err.code === "ENOTDIR")) return undefined;
    throw err;
  }
}

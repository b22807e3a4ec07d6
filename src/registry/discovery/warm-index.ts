/**
 * A binary digest of one tools directory's part of the verdict cache, so that a warm start does not
 * read and parse the whole JSON cache: with 1,000 modules, that cost ~1.5 ms on top of the ~6.5 ms of
 * the 1,000 stats a warm start cannot avoid (issue 22 asks for at most 10% over them).
 *
 * The JSON file stays the record (DESIGN §4): the digest is written from it, names the JSON's
 * (mtime, size, inode) as written, and is ignored as soon as the JSON differs, so an edited,
 * replaced or deleted JSON is always obeyed. Inside, every verdict is still keyed by its module's
 * (mtime, size) and the listing by its directories' mtimes, exactly as in the JSON.
 *
 * Layout (little-endian): magic; the JSON's mtimeMs, size and ino and the listing's `at` (f64 each);
 * directory and module counts (u32 each); directory mtimes, module mtimes, module sizes (f64 arrays);
 * verdicts (u8 each); then the root, the directories and the modules as UTF-8, separated by NUL.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeCacheFile } from "../cache-file.js";
import { createLogger } from "../logger.js";
import type { ToolDirListing, VerdictCacheEntry } from "./cache.js";

const log = createLogger("discovery");

// Change it when the judge or the layout changes: an older digest is then ignored and rewritten.
const MAGIC = Buffer.from("QVWIDX01", "latin1");
const HEADER = MAGIC.length + 4 * 8 + 2 * 4;
const NUL = "\0";

/** A digest read back: the remembered listing of its root, and each listed module's entry by index. */
export interface WarmIndex extends ToolDirListing {
  mtimes: Float64Array;
  sizes: Float64Array;
  /** 1 registers, 0 does not. */
  verdicts: Uint8Array;
}

/** Where the digest of `root` lives: beside the JSON, one file per tools directory. */
export function warmIndexFile(cacheFile: string, root: string): string {
  // As the checkpoints name a project's shadow repository; the root inside the digest settles collisions.
  return join(dirname(cacheFile), `${basename(cacheFile, ".json")}.${createHash("sha256").update(root).digest("hex").slice(0, 16)}.idx`);
}

/** The digest of `root`, if one exists, is well formed and was written against the JSON as it is now. */
export function readWarmIndex(cacheFile: string, root: string): WarmIndex | undefined {
  const json = statOrUndefined(cacheFile);
  if (json === undefined) return undefined;
  let buf: Buffer;
  try {
    buf = readFileSync(warmIndexFile(cacheFile, root));
  } catch {
    return undefined; // none yet
  }
  if (buf.length < HEADER || !buf.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const head = f64s(buf, MAGIC.length, 4);
  if (head[0] !== json.mtimeMs || head[1] !== json.size || head[2] !== json.ino) return undefined;
  const dirCount = buf.readUInt32LE(HEADER - 8);
  const fileCount = buf.readUInt32LE(HEADER - 4);
  const textAt = HEADER + (dirCount + 2 * fileCount) * 8 + fileCount;
  if (textAt > buf.length) return undefined;
  const names = buf.toString("utf8", textAt).split(NUL);
  if (names.length !== 1 + dirCount + fileCount || names[0] !== root) return undefined;
  const dirMtimes = f64s(buf, HEADER, dirCount);
  return {
    at: head[3] as number,
    dirs: names.slice(1, 1 + dirCount).map((dir, i) => [dir, dirMtimes[i] as number]),
    files: names.slice(1 + dirCount),
    mtimes: f64s(buf, HEADER + dirCount * 8, fileCount),
    sizes: f64s(buf, HEADER + (dirCount + fileCount) * 8, fileCount),
    verdicts: buf.subarray(textAt - fileCount, textAt),
  };
}

/**
 * Writes the digest of `root` (its listing and the entry of each listed module, in order) against the
 * JSON cache as it is on disk now; best-effort, like the JSON. Returns whether it was written.
 */
export function writeWarmIndex(cacheFile: string, root: string, listing: ToolDirListing, entries: readonly VerdictCacheEntry[]): boolean {
  const json = statOrUndefined(cacheFile);
  if (json === undefined || entries.length !== listing.files.length) return false;
  const text = Buffer.from([root, ...listing.dirs.map(([dir]) => dir), ...listing.files].join(NUL), "utf8");
  const count = entries.length;
  const buf = Buffer.alloc(HEADER + listing.dirs.length * 8 + count * 17 + text.length);
  MAGIC.copy(buf, 0);
  let at = MAGIC.length;
  for (const value of [json.mtimeMs, json.size, json.ino, listing.at]) at = buf.writeDoubleLE(value, at);
  at = buf.writeUInt32LE(listing.dirs.length, at);
  at = buf.writeUInt32LE(count, at);
  for (const [, mtimeMs] of listing.dirs) at = buf.writeDoubleLE(mtimeMs, at);
  for (const [mtimeMs] of entries) at = buf.writeDoubleLE(mtimeMs, at);
  for (const [, size] of entries) at = buf.writeDoubleLE(size, at);
  for (const [, , verdict] of entries) at = buf.writeUInt8(verdict ? 1 : 0, at);
  text.copy(buf, at);
  return writeCacheFile(warmIndexFile(cacheFile, root), buf, log);
}

/** `count` doubles at `at`, copied out (a Float64Array view needs an 8-byte-aligned offset). */
function f64s(buf: Buffer, at: number, count: number): Float64Array {
  const start = buf.byteOffset + at;
  return new Float64Array(buf.buffer.slice(start, start + count * 8));
}

/** The JSON's stats, or undefined when it cannot be seen (missing, or a path through a file or a closed directory). */
function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The on-disk memo of discovery verdicts: `{ "<absolute path>": [mtimeMs, size, verdict] }`.
 * Reading never throws (a missing or corrupt file is an empty cache, so everything is rescanned)
 * and writing is atomic and best-effort (temp file + rename; a failure only costs a rescan).
 *
 * A warm discovery reads this on every start, so the parsed JSON object is used as is and an
 * entry is validated only when it is looked up (building a Map of validated entries costs a
 * few milliseconds of a 10 ms budget).
 */
import { emptyObject, readCacheObject, writeCacheFile } from "../cache-file.js";
import { createLogger } from "../logger.js";

export type VerdictCacheEntry = [mtimeMs: number, size: number, verdict: boolean];

/** A tools directory's candidates as listed at `at` (ms since the epoch), with the mtime of each directory read. */
export interface ToolDirListing {
  at: number;
  dirs: Array<[path: string, mtimeMs: number]>;
  files: string[];
}

// Module paths are absolute, so no path starts with this.
const LISTING_PREFIX = "listing:";
/**
 * Present once the verdicts are those of a judge that knows registerResource/registerPrompt: an
 * older cache's "does not register" may be wrong about a file with only those, so it is rejudged.
 */
const JUDGE_KEY = "judge:resources-prompts";

const log = createLogger("discovery");

export class VerdictCache {
  private constructor(private readonly entries: Record<string, unknown>) {}

  static empty(): VerdictCache {
    return new VerdictCache(emptyObject());
  }

  /** Loads the cache file; a missing, unreadable or corrupt file gives an empty cache. */
  static read(file: string): VerdictCache {
    const entries = readCacheObject(file, log, "rescanning every tool module");
    if (entries[JUDGE_KEY] !== true) for (const [key, entry] of Object.entries(entries)) if (isEntry(entry) && !entry[2]) delete entries[key];
    return new VerdictCache(entries);
  }

  /** The verdict for `path` if its entry is well formed and matches (mtimeMs, size); else undefined. */
  verdict(path: string, mtimeMs: number, size: number): boolean | undefined {
    if (!Object.hasOwn(this.entries, path)) return undefined;
    const entry = this.entries[path];
    if (!Array.isArray(entry) || entry.length !== 3 || entry[0] !== mtimeMs || entry[1] !== size) return undefined;
    const verdict: unknown = entry[2];
    return typeof verdict === "boolean" ? verdict : undefined;
  }

  /** The entry of `path`, if well formed. */
  entry(path: string): VerdictCacheEntry | undefined {
    const entry = Object.hasOwn(this.entries, path) ? this.entries[path] : undefined;
    return isEntry(entry) ? entry : undefined;
  }

  /** The remembered listing of `root`, if well formed. */
  listing(root: string): ToolDirListing | undefined {
    const value = this.entries[LISTING_PREFIX + root];
    return isListing(value) ? value : undefined;
  }

  setListing(root: string, listing: ToolDirListing): void {
    this.entries[LISTING_PREFIX + root] = listing;
  }

  deleteListing(root: string): boolean {
    return this.delete(LISTING_PREFIX + root);
  }

  has(path: string): boolean {
    return Object.hasOwn(this.entries, path);
  }

  set(path: string, entry: VerdictCacheEntry): void {
    this.entries[path] = entry;
  }

  /** Removes the entry; returns whether there was one. */
  delete(path: string): boolean {
    if (!Object.hasOwn(this.entries, path)) return false;
    delete this.entries[path];
    return true;
  }

  /** The module paths with a verdict (not the listings). */
  paths(): string[] {
    return Object.keys(this.entries).filter((key) => !key.startsWith(LISTING_PREFIX) && key !== JUDGE_KEY);
  }

  /** Writes the cache atomically; returns whether it was written (failures are logged at debug). */
  write(file: string): boolean {
    return writeCacheFile(file, this.serialize(), log);
  }

  /** The JSON text, keeping only well-formed entries (corrupt ones read from disk are dropped). */
  private serialize(): string {
    const parts: string[] = [`${JSON.stringify(JUDGE_KEY)}:true`];
    for (const path of Object.keys(this.entries)) {
      const entry = this.entries[path];
      if (isEntry(entry)) parts.push(`${JSON.stringify(path)}:[${entry[0]},${entry[1]},${entry[2]}]`);
      else if (path.startsWith(LISTING_PREFIX) && isListing(entry)) parts.push(`${JSON.stringify(path)}:${JSON.stringify(entry)}`);
    }
    return `{${parts.join(",")}}`;
  }
}

function isEntry(value: unknown): value is VerdictCacheEntry {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === "number" &&
    Number.isFinite(value[0]) &&
    typeof value[1] === "number" &&
    Number.isInteger(value[1]) &&
    typeof value[2] === "boolean"
  );
}

function isListing(value: unknown): value is ToolDirListing {
  if (value === null || typeof value !== "object") return false;
  const { at, dirs, files } = value as Partial<Record<keyof ToolDirListing, unknown>>;
  return (
    typeof at === "number" &&
    Array.isArray(dirs) &&
    dirs.every((d) => Array.isArray(d) && d.length === 2 && typeof d[0] === "string" && typeof d[1] === "number") &&
    Array.isArray(files) &&
    files.every((f) => typeof f === "string")
  );
}

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

const log = createLogger("discovery");

export class VerdictCache {
  private constructor(private readonly entries: Record<string, unknown>) {}

  static empty(): VerdictCache {
    return new VerdictCache(emptyObject());
  }

  /** Loads the cache file; a missing, unreadable or corrupt file gives an empty cache. */
  static read(file: string): VerdictCache {
    return new VerdictCache(readCacheObject(file, log, "rescanning every tool module"));
  }

  /** The verdict for `path` if its entry is well formed and matches (mtimeMs, size); else undefined. */
  verdict(path: string, mtimeMs: number, size: number): boolean | undefined {
    if (!Object.hasOwn(this.entries, path)) return undefined;
    const entry = this.entries[path];
    if (!Array.isArray(entry) || entry.length !== 3 || entry[0] !== mtimeMs || entry[1] !== size) return undefined;
    const verdict: unknown = entry[2];
    return typeof verdict === "boolean" ? verdict : undefined;
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

  paths(): string[] {
    return Object.keys(this.entries);
  }

  /** Writes the cache atomically; returns whether it was written (failures are logged at debug). */
  write(file: string): boolean {
    return writeCacheFile(file, this.serialize(), log);
  }

  /** The JSON text, keeping only well-formed entries (corrupt ones read from disk are dropped). */
  private serialize(): string {
    const parts: string[] = [];
    for (const path of Object.keys(this.entries)) {
      const entry = this.entries[path];
      if (isEntry(entry)) parts.push(`${JSON.stringify(path)}:[${entry[0]},${entry[1]},${entry[2]}]`);
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

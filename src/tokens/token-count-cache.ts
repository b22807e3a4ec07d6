/**
 * The on-disk memo of definition token counts, `$QUIVER_HOME/cache/token-counts.json`:
 * `{ "<sha256 of encoding + definition JSON>": tokens }`. Loading the tokenizer costs ~250 ms, more
 * than a warm `quiver tools list` may take in all, so counts already seen are read from here.
 * Reading and writing are best-effort (see registry/cache-file.ts): a missing or corrupt file only
 * costs a recount. The file keeps the most recently used MAX_ENTRIES counts, so it stays small
 * however often tool definitions change.
 */
import { createHash } from "node:crypto";
import { emptyObject, readCacheObject, writeCacheFile } from "../registry/cache-file.js";
import { createLogger, quiverPath } from "../registry/index.js";

export const MAX_ENTRIES = 4096;

const log = createLogger("tokens");

export function defaultTokenCacheFile(): string {
  return quiverPath("cache", "token-counts.json");
}

export class TokenCountCache {
  /** Keys looked up or added in this process, in use order (they survive the cap first). */
  private readonly used = new Map<string, number>();
  private added = false;

  private constructor(private readonly entries: Record<string, unknown>) {}

  static read(file: string): TokenCountCache {
    return new TokenCountCache(readCacheObject(file, log, "recounting tool definitions"));
  }

  static empty(): TokenCountCache {
    return new TokenCountCache(emptyObject());
  }

  /** The key of `text` counted with `encoding`. */
  static key(encoding: string, text: string): string {
    return createHash("sha256").update(encoding).update("\0").update(text).digest("base64url");
  }

  /** The stored count for `key` if it is well formed; else undefined. */
  get(key: string): number | undefined {
    const known = this.used.get(key);
    if (known !== undefined) return known;
    if (!Object.hasOwn(this.entries, key)) return undefined;
    const value = this.entries[key];
    if (!isCount(value)) return undefined;
    this.used.set(key, value);
    return value;
  }

  set(key: string, tokens: number): void {
    this.used.set(key, tokens);
    this.added = true;
  }

  /** Writes the file when something new was counted; returns whether it was written. */
  flush(file: string): boolean {
    if (!this.added) return false;
    this.added = false;
    return writeCacheFile(file, this.serialize(), log);
  }

  /** Older well-formed entries first, then this process's, keeping the newest MAX_ENTRIES. */
  private serialize(): string {
    const keep = new Map<string, number>();
    for (const key of Object.keys(this.entries)) {
      const value = this.entries[key];
      if (isCount(value) && !this.used.has(key)) keep.set(key, value);
    }
    for (const [key, value] of this.used) keep.set(key, value);
    const all = [...keep];
    return JSON.stringify(Object.fromEntries(all.slice(Math.max(0, all.length - MAX_ENTRIES))));
  }
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

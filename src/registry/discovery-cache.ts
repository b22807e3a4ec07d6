/**
 * The on-disk memo of discovery verdicts: `{ "<absolute path>": [mtimeMs, size, verdict] }`.
 * Reading never throws (a missing or corrupt file is an empty cache, so everything is rescanned)
 * and writing is atomic and best-effort (temp file + rename; a failure only costs a rescan).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createLogger } from "./logger.js";

export type VerdictCacheEntry = [mtimeMs: number, size: number, verdict: boolean];
export type VerdictCache = Map<string, VerdictCacheEntry>;

const log = createLogger("discovery");

/** Loads the cache; entries of the wrong shape are left out (so those files are rescanned). */
export function readVerdictCache(file: string): VerdictCache {
  const cache: VerdictCache = new Map();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return cache; // first run, or unreadable: rescan everything
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    log.debug(`discovery cache ${file} is not valid JSON; rescanning every tool module`);
    return cache;
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    log.debug(`discovery cache ${file} is not a JSON object; rescanning every tool module`);
    return cache;
  }
  // for-in, not Object.entries: this runs on every warm start and entries() costs ~4 ms cold.
  const entries = data as Record<string, unknown>;
  for (const path in entries) {
    const entry = entries[path];
    if (isEntry(entry)) cache.set(path, entry);
  }
  return cache;
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

/** Writes the cache atomically; returns whether it was written (failures are logged at debug). */
export function writeVerdictCache(file: string, cache: VerdictCache): boolean {
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(tmp, serialize(cache));
    renameSync(tmp, file);
    return true;
  } catch (err) {
    log.debug(`could not write discovery cache ${file}: ${(err as Error).message}`);
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the temp file is in the cache dir only; a leftover is harmless
    }
    return false;
  }
}

/** The JSON text of the cache; written by hand because Object.fromEntries + stringify is slow for ~1000 entries. */
function serialize(cache: VerdictCache): string {
  const parts: string[] = [];
  for (const [path, [mtimeMs, size, verdict]] of cache) parts.push(`${JSON.stringify(path)}:[${mtimeMs},${size},${verdict}]`);
  return `{${parts.join(",")}}`;
}

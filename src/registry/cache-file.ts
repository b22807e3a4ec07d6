/**
 * Best-effort JSON cache files under $QUIVER_HOME/cache, shared by the discovery verdicts and the
 * token counts. Reading never throws (a missing or corrupt file is an empty cache, so the work is
 * redone) and writing is atomic (temp file + rename; a failure only costs redoing the work).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Logger } from "./logger.js";

/** The file's JSON object; an empty object when it is missing, unreadable, not JSON or not an object. */
export function readCacheObject(file: string, log: Logger, fallback: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return emptyObject(); // first run, or unreadable
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    log.debug(`cache ${file} is not valid JSON; ${fallback}`);
    return emptyObject();
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    log.debug(`cache ${file} is not a JSON object; ${fallback}`);
    return emptyObject();
  }
  return data as Record<string, unknown>;
}

export function emptyObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/**
 * Writes `text` (or bytes) to `file` atomically; returns whether it was written (failures are logged at debug).
 * The temp name is random and created exclusively: pid and time alone collide between
 * processes of two containers sharing a home, and two writers on one temp file interleave.
 */
export function writeCacheFile(file: string, text: string | Uint8Array, log: Logger): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(tmp, text, { flag: "wx" });
    renameSync(tmp, file);
    return true;
  } catch (err) {
    log.debug(`could not write cache ${file}: ${(err as Error).message}`);
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the temp file sits in the cache directory only; a leftover is harmless
    }
    return false;
  }
}

/**
 * Appends to session transcripts through descriptors kept open: opening the file for every write
 * cost several times the write itself, three times per round. At most 8 stay open (the least
 * recently written closes first), so sessions made and dropped by the thousand never run out of
 * descriptors; the OS closes the rest at exit. A file deleted or replaced meanwhile (a repair's
 * rename, another process) is reopened by path, as a fresh `appendFileSync` would.
 */
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";

const MAX_OPEN = 8;
const descriptors = new Map<string, number>();

/** Appends `text` to `path` (created 0600, its directory 0700, when missing) in one synchronous write. */
export function appendToFile(path: string, text: string): void {
  const fd = descriptorFor(path);
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
  } catch (err) {
    forgetFile(path);
    throw err;
  }
}

/** Closes the descriptor kept for `path`, if any (before the file is replaced by a rename). */
export function forgetFile(path: string): void {
  const fd = descriptors.get(path);
  if (fd === undefined) return;
  descriptors.delete(path);
  closeQuietly(fd);
}

function descriptorFor(path: string): number {
  const kept = descriptors.get(path);
  if (kept !== undefined) {
    descriptors.delete(path);
    if (fstatSync(kept).nlink > 0) {
      descriptors.set(path, kept); // most recently used goes last
      return kept;
    }
    closeQuietly(kept);
  }
  const fd = openForAppend(path);
  descriptors.set(path, fd);
  if (descriptors.size > MAX_OPEN) forgetFile(descriptors.keys().next().value as string);
  return fd;
}

function openForAppend(path: string): number {
  try {
    return openSync(path, "a", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return openSync(path, "a", 0o600);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed or invalid: nothing is left to release.
  }
}

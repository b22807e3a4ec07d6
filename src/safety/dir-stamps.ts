/**
 * Proof that directories have not changed since they were read: each one's inode and ctime.
 * Creating, removing, renaming or relinking an entry moves its directory's ctime, and ctime,
 * unlike mtime, cannot be set back (utimes moves it too). A stamp is only taken of directories
 * whose ctime is RACY_MS older than the moment their reading began: a change made in the same
 * clock tick as the last one (the kernel's coarse clock; 1-2 s on some filesystems) would
 * otherwise leave ctime where it was.
 */
import { lstatSync } from "node:fs";

export const RACY_MS = 2_000;

export interface DirStamp {
  readonly dir: string;
  readonly dev: number;
  readonly ino: number;
  readonly ctimeMs: number;
}

/**
 * Stamps of `dirs`, or undefined when one is missing, is not a directory (a link included), or
 * changed less than RACY_MS before `readFrom` (Date.now() taken before the reads they vouch for).
 */
export function stampDirs(dirs: Iterable<string>, readFrom: number): DirStamp[] | undefined {
  const stamps: DirStamp[] = [];
  for (const dir of dirs) {
    const stats = lstatSync(dir, NO_THROW);
    if (stats === undefined || !stats.isDirectory() || stats.ctimeMs >= readFrom - RACY_MS) return undefined;
    stamps.push({ dir, dev: stats.dev, ino: stats.ino, ctimeMs: stats.ctimeMs });
  }
  return stamps;
}

/** True while every stamped directory is the same one, unchanged. */
export function stampsHold(stamps: readonly DirStamp[]): boolean {
  for (const { dir, dev, ino, ctimeMs } of stamps) {
    const stats = lstatSync(dir, NO_THROW);
    if (stats === undefined || stats.ctimeMs !== ctimeMs || stats.ino !== ino || stats.dev !== dev) return false;
  }
  return true;
}

const NO_THROW = { throwIfNoEntry: false } as const;

/** Walks a directory tree for the search tool, in sorted order, skipping VCS and dependency folders. */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

const SKIPPED_DIRS: ReadonlySet<string> = new Set([".git", "node_modules", ".hg", ".svn"]);

/** Entries the walk passes over (protected paths), counted. */
export interface WalkSkip {
  test(path: string, isLink: boolean): boolean;
  skipped: number;
}

/**
 * Yields the absolute paths of regular files under `root`. Symlinked files are followed,
 * symlinked folders are not (they can loop); unreadable folders are passed over.
 */
export async function* walkFiles(root: string, signal?: AbortSignal, skip?: WalkSkip): AsyncGenerator<string> {
  const stack = [root];
  while (stack.length > 0) {
    if (signal?.aborted === true) return;
    const dir = stack.pop() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (skip !== undefined && (entry.isDirectory() || entry.isFile() || entry.isSymbolicLink()) && skip.test(path, entry.isSymbolicLink())) {
        skip.skipped++;
        continue;
      }
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) subdirs.push(path);
      } else if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path)))) {
        yield path;
      }
    }
    // Reversed so the stack pops them in sorted order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i] as string);
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * What a directory tree holds, for "nothing changed" and "restored byte for byte" checks:
 * every entry's type, mode and content hash (or link target), keyed by its path.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, relative } from "node:path";

export type TreeState = Map<string, string>;

/** The state of `root`, skipping any directory whose path is in `skip` (absolute). */
export function treeState(root: string, skip: readonly string[] = []): TreeState {
  const out: TreeState = new Map();
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (err) {
      out.set(relative(root, dir) || ".", `unreadable dir: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (skip.includes(path)) continue;
      const key = relative(root, path);
      const stat = lstatSync(path);
      const mode = (stat.mode & 0o7777).toString(8);
      if (stat.isSymbolicLink()) out.set(key, `link ${readlinkSync(path)}`);
      else if (stat.isDirectory()) {
        out.set(key, `dir ${mode}`);
        walk(path);
      } else if (stat.isFile()) out.set(key, `file ${mode} ${hashFile(path)}`);
      else out.set(key, `other ${mode}`);
    }
  };
  walk(root);
  return out;
}

function hashFile(path: string): string {
  try {
    return createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
  } catch (err) {
    return `unreadable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
}

/** Human-readable differences between two states (empty when equal). */
export function treeDiff(before: TreeState, after: TreeState): string[] {
  const diffs: string[] = [];
  for (const [path, state] of before) {
    const now = after.get(path);
    if (now === undefined) diffs.push(`removed ${path} (${state})`);
    else if (now !== state) diffs.push(`changed ${path}: ${state} → ${now}`);
  }
  for (const [path, state] of after) if (!before.has(path)) diffs.push(`added ${path} (${state})`);
  return diffs;
}

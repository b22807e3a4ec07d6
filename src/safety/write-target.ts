/**
 * What a write target is (a path, or a tree: a directory below which any file may be written)
 * and the small helpers the write-target tables share.
 */
import { join } from "node:path";
import type { Invocation } from "./argv.js";

export interface WriteTarget {
  path: string;
  /** Any file below `path` may be written. */
  tree?: true;
}

/** Where one program writes, read from its arguments. */
export type Targets = (inv: Invocation) => WriteTarget[];

export const file = (path: string): WriteTarget => ({ path });
export const tree = (path: string): WriteTarget => ({ path, tree: true });
export const notStdout = (path: string): boolean => path !== "-" && path !== "";
export const last = (list: readonly string[]): string | undefined => list[list.length - 1];
/** `~/x` and `/x` stand alone; other paths are taken relative to `dir`. */
export const under = (dir: string, path: string): string => (/^[/~]/.test(path) ? path : join(dir, path));

/** Each `-C DIR` is relative to the one before it (tar, git); none means the working directory. */
export function chainedDirs(dirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const d of dirs) out.push(under(last(out) ?? ".", d));
  return out.length > 0 ? out : ["."];
}

/** Rows of a write-target table: each name in `names` writes where `targets` says. */
export function rows(names: readonly string[], targets: Targets): Array<[string, Targets]> {
  return names.map((n) => [n, targets]);
}

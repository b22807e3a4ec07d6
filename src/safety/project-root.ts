/**
 * The project a command works on: the git work tree containing the working directory, else the
 * working directory itself. The sandbox makes it writable, checkpoints snapshot it, and the
 * guard treats writes outside it as needing approval, so all three must agree on it.
 */
import { lstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The nearest ancestor of `cwd` (itself included) holding a `.git` entry (directory or file), else `cwd`. */
export function findProjectRoot(cwd: string = process.cwd()): string {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (lstatSync(join(dir, ".git"), { throwIfNoEntry: false }) !== undefined) return dir;
    if (dirname(dir) === dir) return start;
  }
}

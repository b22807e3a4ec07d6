/**
 * Reads of credential paths (src/safety/unreadable.ts): read_file and search_files ask before
 * touching them, and what they open is judged again by the path the kernel reports for the
 * opened descriptor (Linux: /proc/self/fd/N), so a symlink swapped after the question cannot
 * slip ~/.ssh/id_rsa into a read that was judged harmless.
 */
import { readlinkSync, realpathSync } from "node:fs";
import type { FileIdentity } from "../safety/real-paths.js";
import { unreadablePaths, unreadableRoot, type ProtectedRoots } from "../safety/unreadable.js";
import { isWithin } from "../safety/paths.js";
import { displayPath } from "./path-safety.js";
import { ToolInputError } from "./tool-input.js";

/** The file a path check judged (`ProtectedRoots.identity`) and the file the descriptor holds (its fstat). */
export interface OpenedFile {
  judged: FileIdentity | undefined;
  opened: FileIdentity;
}

/**
 * Throws unless the opened descriptor `fd` lies outside every protected path, or under `approved`.
 * `roots`: the snapshot the path was checked against before it was opened. `file`: when the
 * descriptor holds the very file the check judged (same device and inode), no link was swapped
 * in between, and the kernel need not be asked for its path.
 */
export function checkOpened(fd: number, shown: string, approved: string | undefined, roots?: ProtectedRoots, file?: OpenedFile): void {
  if (process.platform !== "linux") return;
  if (file?.judged !== undefined && file.judged.dev === file.opened.dev && file.judged.ino === file.opened.ino) return;
  let named: string;
  try {
    named = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return;
  }
  const root = unreadableRoot(named, roots, { canonical: true });
  if (root === undefined || root === approved) return;
  throw new ToolInputError(
    `Refusing to read ${displayPath(shown)}: the file opened is ${named}, under ${root}, which holds credentials, but the path was checked as something else (a symlink was swapped). Nothing was read.`,
    { error_type: "path_changed" },
  );
}

/**
 * Whether a walk from `walkRoot` (which never follows folder links) must pass over `path`: a
 * cheap prefix test against the protected roots (as listed and resolved) first, confirmed by
 * `unreadableRoot`, which knows the exceptions ($QUIVER_HOME/cache/spillover); a symlink is
 * always resolved. Paths under `approved` (the user allowed searching inside it) pass.
 */
export function protectedInWalk(walkRoot: string, approved: string | undefined): (path: string, isLink: boolean) => boolean {
  const realRoot = realOrSelf(walkRoot);
  const roots = [...new Set(unreadablePaths().flatMap((root) => [root, realOrSelf(root)]))];
  return (path, isLink) => {
    const real = realRoot + path.slice(walkRoot.length);
    if (!isLink && !roots.some((root) => isWithin(real, root) || isWithin(path, root))) return false;
    const root = unreadableRoot(real);
    return root !== undefined && root !== approved;
  };
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

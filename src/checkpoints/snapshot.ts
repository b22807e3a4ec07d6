/**
 * Takes the project's state into the shadow repository's index and gives back its tree. The
 * common case, nothing changed since the newest checkpoint, costs one `git status` (which uses
 * the index's stat cache and the untracked cache); only then does `git add -A` run.
 */
import { lstatSync, openSync, readSync, closeSync, readFileSync, writeFileSync, statSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "./git.js";
import type { SkippedFile } from "./records.js";
import { writeExclude, type ShadowRepo } from "./shadow-repo.js";

export interface SnapshotOptions {
  /** Files larger than this are left out (and named in the record). */
  maxFileBytes: number;
  timeoutMs: number;
}

export interface Snapshot {
  /** The tree of the project as it is now (when unchanged: undefined, it is the newest checkpoint's). */
  tree: string | undefined;
  /** The newest checkpoint's commit, when there is one. */
  head: string | undefined;
  /** The tree equals the newest checkpoint's. */
  unchanged: boolean;
  files: number;
  skipped: SkippedFile[];
}

export async function takeSnapshot(repo: ShadowRepo, opts: SnapshotOptions): Promise<Snapshot> {
  removeStaleLock(repo);
  const previous = readSkipped(repo);
  const kept = previous.filter((file) => overCap(repo, file.path, opts.maxFileBytes) !== undefined).map((file) => ({ ...file, bytes: overCap(repo, file.path, opts.maxFileBytes)! }));
  const status = await runGit(repo, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=all", "--no-renames", "--ignore-submodules=all"], opts);
  const { head, paths, differs } = parseStatus(status);
  const skipListSame = kept.length === previous.length;
  if (head !== undefined && !differs && skipListSame) {
    return { tree: undefined, head, unchanged: true, files: indexEntries(repo), skipped: kept };
  }
  const skipped = [...kept, ...bigFiles(repo, paths, opts.maxFileBytes, new Set(kept.map((f) => f.path)))];
  writeExclude(repo, skipped.map((file) => file.path));
  writeSkipped(repo, skipped);
  if (skipped.length > 0) {
    // A file tracked by an older checkpoint that has grown past the cap leaves the index too.
    await runGit(repo, ["update-index", "--force-remove", "-z", "--stdin"], { ...opts, input: skipped.map((f) => `${f.path}\0`).join("") });
  }
  // Only what status named: a second full scan of the tree would double the cost of a small change.
  const toAdd = paths.filter((path) => !skipped.some((file) => file.path === path));
  if (toAdd.length > 0 || head === undefined) {
    const pathspec = head === undefined ? [] : ["--pathspec-from-file=-", "--pathspec-file-nul"];
    // The first snapshot streams every blob into one pack (bulk check-in) rather than a loose file each.
    const bulk = head === undefined ? ["-c", "core.bigFileThreshold=1"] : [];
    const input = head === undefined ? {} : { input: toAdd.map((p) => `${p}\0`).join("") };
    // A path gone again since status looked ("did not match"): the whole tree then, as a fallback.
    await runGit(repo, [...bulk, "--literal-pathspecs", "add", "-A", "--ignore-errors", ...pathspec], { ...opts, ...input }).catch(() => runGit(repo, ["add", "-A", "--ignore-errors"], opts));
  }
  const tree = (await runGit(repo, ["write-tree"], opts)).trim();
  const headTree = head === undefined ? undefined : (await runGit(repo, ["rev-parse", `${head}^{tree}`], opts)).trim();
  return { tree, head, unchanged: tree === headTree, files: indexEntries(repo), skipped };
}

/** The snapshot's tree, read from the newest checkpoint when the project has not changed since. */
export async function treeOf(repo: ShadowRepo, snapshot: Snapshot, timeoutMs: number): Promise<string> {
  if (snapshot.tree !== undefined) return snapshot.tree;
  return (await runGit(repo, ["rev-parse", `${snapshot.head ?? "HEAD"}^{tree}`], { timeoutMs })).trim();
}

/** The newest checkpoint, whether anything differs from it, and the paths to add (changed or untracked). */
function parseStatus(out: string): { head: string | undefined; paths: string[]; differs: boolean } {
  let head: string | undefined;
  let differs = false;
  const paths: string[] = [];
  for (const entry of out.split("\0")) {
    if (/^[12u?] /.test(entry)) differs = true;
    if (entry.startsWith("# branch.oid ")) {
      const oid = entry.slice("# branch.oid ".length);
      if (oid !== "(initial)") head = oid;
    } else if (entry.startsWith("1 ")) {
      // "1 XY …": only a work-tree change (Y) needs adding; a staged-only one (after an undo) is in the index already.
      if (entry[3] !== ".") paths.push(entry.split(" ").slice(8).join(" "));
    }
    else if (entry.startsWith("? ") || entry.startsWith("u ")) paths.push(entry.slice(2));
  }
  return { head, paths, differs };
}

/** Changed or new regular files over the cap. */
function bigFiles(repo: ShadowRepo, paths: readonly string[], maxBytes: number, known: ReadonlySet<string>): SkippedFile[] {
  const out: SkippedFile[] = [];
  for (const path of paths) {
    if (known.has(path)) continue;
    const bytes = overCap(repo, path, maxBytes);
    if (bytes !== undefined) out.push({ path, bytes });
  }
  return out;
}

function overCap(repo: ShadowRepo, path: string, maxBytes: number): number | undefined {
  const stat = lstatSync(join(repo.workTree, path), { throwIfNoEntry: false });
  return stat?.isFile() === true && stat.size > maxBytes ? stat.size : undefined;
}

/** The entry count in the index header ("DIRC", version, count): no process needed. */
function indexEntries(repo: ShadowRepo): number {
  let fd: number | undefined;
  try {
    fd = openSync(join(repo.gitDir, "index"), "r");
    const header = Buffer.alloc(12);
    return readSync(fd, header, 0, 12, 0) === 12 ? header.readUInt32BE(8) : 0;
  } catch {
    return 0;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function skippedFile(repo: ShadowRepo): string {
  return join(repo.gitDir, "quiver-skipped.json");
}

function readSkipped(repo: ShadowRepo): SkippedFile[] {
  try {
    return JSON.parse(readFileSync(skippedFile(repo), "utf8")) as SkippedFile[];
  } catch {
    return [];
  }
}

function writeSkipped(repo: ShadowRepo, skipped: readonly SkippedFile[]): void {
  writeFileSync(skippedFile(repo), JSON.stringify(skipped));
}

/** A lock left by a git killed at its deadline would block every later checkpoint. */
function removeStaleLock(repo: ShadowRepo): void {
  const lock = join(repo.gitDir, "index.lock");
  const stat = statSync(lock, { throwIfNoEntry: false });
  if (stat !== undefined && Date.now() - stat.mtimeMs > 60_000) rmSync(lock, { force: true });
}

/** `quiver checkpoints list`: this project's checkpoints, newest first, with what changed since each. */
import { existsSync } from "node:fs";
import { runGit } from "./git.js";
import { readCheckpoints, type StoredCheckpoint } from "./records.js";
import { shadowDirFor } from "./shadow-repo.js";
import { takeSnapshot, treeOf } from "./snapshot.js";
import { DEFAULT_MAX_FILE_SIZE_MB, openProject, projectFor, timeoutOf, type StoreOptions } from "./store.js";

export interface CheckpointRow extends StoredCheckpoint {
  /** Files that differ between the checkpoint and the project now. */
  changedSince: number;
}

export async function listCheckpoints(opts: StoreOptions & { cwd: string; limit?: number }): Promise<{ project: string; checkpoints: CheckpointRow[] }> {
  const project = projectFor(opts.cwd);
  if (!existsSync(shadowDirFor(project))) return { project, checkpoints: [] };
  const timeoutMs = timeoutOf(opts);
  const repo = await openProject(project, opts);
  const records = await readCheckpoints(repo, timeoutMs, opts.limit ?? 20);
  if (records.length === 0) return { project, checkpoints: [] };
  const maxFileBytes = Math.round((opts.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024);
  const now = await treeOf(repo, await takeSnapshot(repo, { maxFileBytes, timeoutMs }), timeoutMs);
  const checkpoints: CheckpointRow[] = [];
  for (const record of records) {
    const names = record.tree === now ? "" : await runGit(repo, ["diff-tree", "-r", "-z", "--no-renames", "--name-only", now, record.tree], { timeoutMs });
    checkpoints.push({ ...record, changedSince: names.split("\0").filter((n) => n !== "").length });
  }
  return { project, checkpoints };
}

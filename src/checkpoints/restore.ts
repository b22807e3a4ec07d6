/**
 * Undo: the project's files go back to a checkpoint, byte for byte (contents, the executable
 * bit, symlinks). Files created since are removed, files deleted since come back, directories
 * emptied on the way are removed; ignored files, and files over the size cap, are not touched.
 * The state before the undo is itself checkpointed first, so an undo can be undone.
 */
import { existsSync } from "node:fs";
import { runGit } from "./git.js";
import { readCheckpoints, type StoredCheckpoint } from "./records.js";
import { byId, notThisProject, otherProjectOf, undoTarget, UndoError } from "./find.js";
import { shadowDirFor } from "./shadow-repo.js";
import { openProject, projectFor, takeCheckpoint, timeoutOf, type StoreOptions } from "./store.js";
import { takeSnapshot, treeOf } from "./snapshot.js";
import { DEFAULT_MAX_FILE_SIZE_MB } from "./store.js";

export interface UndoOptions extends StoreOptions {
  cwd: string;
  /** Restore this checkpoint rather than the last turn's. */
  to?: string;
  /** Only this session's turns (the chat's `/undo`). */
  sessionId?: string;
}

export interface UndoResult {
  project: string;
  /** The checkpoint restored. */
  restored: StoredCheckpoint;
  /** The state just before the undo: `quiver undo --to <its id>` redoes. */
  before: StoredCheckpoint;
  /** Files written back (changed or deleted since). */
  restoredFiles: string[];
  /** Files removed (created since). */
  removedFiles: string[];
}

export async function undo(opts: UndoOptions): Promise<UndoResult> {
  const project = projectFor(opts.cwd);
  const timeoutMs = timeoutOf(opts);
  if (!existsSync(shadowDirFor(project))) return refuseEmpty(project, opts);
  const repo = await openProject(project, opts);
  const records = await readCheckpoints(repo, timeoutMs);
  if (records.length === 0) return refuseEmpty(project, opts);
  const maxFileBytes = Math.round((opts.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024);
  const current = await takeSnapshot(repo, { maxFileBytes, timeoutMs });
  const currentTree = await treeOf(repo, current, timeoutMs);
  const target = opts.to === undefined ? undoTarget(records, currentTree, opts.sessionId) : byId(records, opts.to, project);
  if (target === undefined) throw new UndoError(`nothing to undo in ${project}: no earlier checkpoint${opts.sessionId === undefined ? "" : " of this chat"} to go back to. \`quiver checkpoints list\` shows them.`);
  const before = await takeCheckpoint(repo, { kind: "undo", trigger: { tool: "undo", subject: `restore ${target.id}` }, restored: target.id, force: true, ...(opts.sessionId === undefined ? {} : { sessionId: opts.sessionId }) }, opts);
  const changes = await runGit(repo, ["diff-tree", "-r", "-z", "--no-renames", "--name-status", before.record.tree, target.tree], { timeoutMs });
  await runGit(repo, ["read-tree", "--reset", "-u", target.tree], { timeoutMs });
  return { project, restored: target, before: before.record, ...splitChanges(changes) };
}

async function refuseEmpty(project: string, opts: UndoOptions): Promise<never> {
  if (opts.to !== undefined) {
    const owner = await otherProjectOf(opts.to, project, timeoutOf(opts));
    if (owner !== undefined) throw notThisProject(opts.to, owner, project);
    throw new UndoError(`no checkpoint "${opts.to}" for ${project}: it has no checkpoints yet.`);
  }
  throw new UndoError(`nothing to undo in ${project}: no checkpoint has been taken for it yet (one is taken before the first write of each turn).`);
}

/** `diff-tree --name-status -z` from the current state to the target: D is removed, the rest written back. */
function splitChanges(out: string): { restoredFiles: string[]; removedFiles: string[] } {
  const parts = out.split("\0").filter((p) => p !== "");
  const restoredFiles: string[] = [];
  const removedFiles: string[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) (parts[i] === "D" ? removedFiles : restoredFiles).push(parts[i + 1]!);
  return { restoredFiles, removedFiles };
}

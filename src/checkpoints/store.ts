/**
 * Taking a checkpoint: snapshot the project, and commit the tree unless it equals the newest
 * checkpoint's (then that checkpoint is the one for this turn too).
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findProjectRoot } from "../safety/project-root.js";
import { runGit } from "./git.js";
import { commitMessage, ID_LENGTH, readCheckpoints, type CheckpointKind, type CheckpointRecord, type CheckpointTrigger, type StoredCheckpoint } from "./records.js";
import { CHECKPOINT_REF, openShadowRepo, type ShadowRepo } from "./shadow-repo.js";
import { takeSnapshot, treeOf } from "./snapshot.js";

export const DEFAULT_MAX_FILE_SIZE_MB = 10;
/** Per git command; past it the project counts as too big to snapshot in reasonable time. */
export const DEFAULT_TIMEOUT_MS = 20_000;

export interface StoreOptions {
  maxFileSizeMb?: number;
  timeoutMs?: number;
}

export interface TakeRequest {
  trigger: CheckpointTrigger;
  sessionId?: string;
  kind?: CheckpointKind;
  restored?: string;
  /** Commit even when the tree equals the newest checkpoint's (an undo's record must exist). */
  force?: boolean;
}

export interface TakenCheckpoint {
  record: StoredCheckpoint;
  /** The tree equalled the newest checkpoint's, so that one was reused. */
  reused: boolean;
}

export function projectFor(cwd: string): string {
  return findProjectRoot(cwd);
}

export function timeoutOf(opts: StoreOptions): number {
  return opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
}

export async function openProject(project: string, opts: StoreOptions): Promise<ShadowRepo> {
  return openShadowRepo(project, timeoutOf(opts));
}

export async function takeCheckpoint(repo: ShadowRepo, request: TakeRequest, opts: StoreOptions): Promise<TakenCheckpoint> {
  const timeoutMs = timeoutOf(opts);
  const maxFileBytes = Math.round((opts.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024);
  const snapshot = await takeSnapshot(repo, { maxFileBytes, timeoutMs });
  if (snapshot.unchanged && snapshot.head !== undefined && request.force !== true) {
    const remembered = rememberedNewest(repo, snapshot.head);
    const newest = remembered ?? (await readCheckpoints(repo, timeoutMs, 1, snapshot.head))[0];
    if (newest !== undefined && newest.commit === snapshot.head) return { record: remembered ?? remember(repo, newest), reused: true };
  }
  const tree = await treeOf(repo, snapshot, timeoutMs);
  const record: Omit<CheckpointRecord, "id"> = {
    time: new Date().toISOString(),
    project: repo.project,
    kind: request.kind ?? "turn",
    ...(request.sessionId === undefined ? {} : { sessionId: request.sessionId }),
    trigger: request.trigger,
    files: snapshot.files,
    skipped: snapshot.skipped,
    ...(request.restored === undefined ? {} : { restored: request.restored }),
  };
  const parents = snapshot.head === undefined ? [] : ["-p", snapshot.head];
  const commit = (await runGit(repo, ["commit-tree", tree, ...parents, "-F", "-"], { timeoutMs, input: commitMessage(record) })).trim();
  await runGit(repo, ["update-ref", CHECKPOINT_REF, commit, ...(snapshot.head === undefined ? [] : [snapshot.head])], { timeoutMs });
  return { record: remember(repo, { ...record, id: commit.slice(0, ID_LENGTH), commit, tree }), reused: false };
}

/**
 * The newest checkpoint's record, kept in the shadow repository beside the commit that holds it,
 * so an unchanged project's checkpoint costs one `git status`, in a fresh process too, and no
 * `git log` (~10 ms). Only a cache: it counts only for the commit it names, and a missing or
 * unreadable one sends the reader to git.
 */
const NEWEST = "quiver-newest.json";

function remember(repo: ShadowRepo, record: StoredCheckpoint): StoredCheckpoint {
  const file = join(repo.gitDir, NEWEST);
  try {
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(record), { mode: 0o600 });
    renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    // a cache: the next checkpoint reads the record from git instead
  }
  return record;
}

function rememberedNewest(repo: ShadowRepo, head: string): StoredCheckpoint | undefined {
  try {
    const record = JSON.parse(readFileSync(join(repo.gitDir, NEWEST), "utf8")) as Partial<StoredCheckpoint> | null;
    const whole = record !== null && record.commit === head && typeof record.tree === "string" && typeof record.id === "string" && typeof record.time === "string";
    return whole ? (record as StoredCheckpoint) : undefined;
  } catch {
    return undefined;
  }
}

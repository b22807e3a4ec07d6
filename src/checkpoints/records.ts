/**
 * What a checkpoint says about itself. Each checkpoint is a commit of the shadow repository;
 * its message carries the record as one JSON line, so the repository is the whole store.
 */
import { CHECKPOINT_REF, type ShadowRepo } from "./shadow-repo.js";
import { runGit } from "./git.js";

/** "turn": taken before a turn's (or a tool call's) first write; "undo": the state an undo left behind. */
export type CheckpointKind = "turn" | "undo";

export interface SkippedFile {
  path: string;
  bytes: number;
}

export interface CheckpointTrigger {
  /** The tool whose call took it ("undo" for the pre-undo checkpoint). */
  tool: string;
  /** A short subject: the command, the path, … */
  subject: string;
}

export interface CheckpointRecord {
  /** The commit's short hash. */
  id: string;
  /** ISO time it was taken. */
  time: string;
  /** The project's absolute path. */
  project: string;
  kind: CheckpointKind;
  sessionId?: string;
  trigger: CheckpointTrigger;
  /** Files in the snapshot. */
  files: number;
  /** Files over the size cap, left out of the snapshot. */
  skipped: SkippedFile[];
  /** For an "undo" checkpoint: the checkpoint that undo restored. */
  restored?: string;
}

/** A record as read back, with the tree it snapshots. */
export interface StoredCheckpoint extends CheckpointRecord {
  commit: string;
  tree: string;
}

export const ID_LENGTH = 12;

const MARK = "quiver-checkpoint: ";

export function commitMessage(record: Omit<CheckpointRecord, "id">): string {
  const title = `${record.kind === "undo" ? "before undo" : `before ${record.trigger.tool}`}: ${record.trigger.subject}`.slice(0, 120);
  return `${title}\n\n${MARK}${JSON.stringify(record)}\n`;
}

/** The project's checkpoints, newest first (at most `limit`; from the commit `from`, else the newest). */
export async function readCheckpoints(repo: ShadowRepo, timeoutMs: number, limit = 1000, from?: string): Promise<StoredCheckpoint[]> {
  if (from === undefined) {
    const exists = await runGit(repo, ["rev-parse", "-q", "--verify", CHECKPOINT_REF], { timeoutMs }).then(() => true, () => false);
    if (!exists) return [];
  }
  const out = await runGit(repo, ["log", `--max-count=${limit}`, "--format=%H%x1f%T%x1f%B%x1e", from ?? CHECKPOINT_REF], { timeoutMs });
  return out
    .split("\x1e")
    .map((entry) => parseEntry(entry.trim()))
    .filter((record): record is StoredCheckpoint => record !== undefined);
}

function parseEntry(entry: string): StoredCheckpoint | undefined {
  const [commit, tree, body] = entry.split("\x1f");
  if (commit === undefined || tree === undefined || body === undefined) return undefined;
  const line = body.split("\n").find((l) => l.startsWith(MARK));
  if (line === undefined) return undefined;
  try {
    const record = JSON.parse(line.slice(MARK.length)) as Omit<CheckpointRecord, "id">;
    return { ...record, id: commit.slice(0, ID_LENGTH), commit, tree };
  } catch {
    return undefined;
  }
}

/** A short subject for a tool call: its command or path, else its first string argument. */
export function callSubject(args: unknown): string {
  if (typeof args === "string") return clip(args);
  if (typeof args !== "object" || args === null) return "";
  const record = args as Record<string, unknown>;
  for (const key of ["command", "path", "file", "target"]) if (typeof record[key] === "string") return clip(record[key]);
  const first = Object.values(record).find((v) => typeof v === "string");
  return typeof first === "string" ? clip(first) : "";
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

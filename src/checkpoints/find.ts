/** Finding checkpoints: the one an undo goes back to, or one named by id (in this project or another). */
import { readCheckpoints, type StoredCheckpoint } from "./records.js";
import { allShadowDirs, shadowDirFor } from "./shadow-repo.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Refused undo: nothing to undo, an unknown id, another project's checkpoint. */
export class UndoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UndoError";
  }
}

/**
 * The checkpoint an undo restores (records newest first): the newest turn checkpoint, or after
 * an undo the turn checkpoint before the one it restored, so undoing again goes back further.
 * One whose tree is the current state is passed over, since restoring it would change nothing.
 */
export function undoTarget(records: readonly StoredCheckpoint[], currentTree: string, sessionId?: string): StoredCheckpoint | undefined {
  const list = sessionId === undefined ? records : records.filter((r) => r.sessionId === sessionId);
  let start = 0;
  const newest = list[0];
  if (newest?.kind === "undo") {
    const restored = list.findIndex((r) => r.id === newest.restored);
    start = restored === -1 ? 1 : restored + 1;
  }
  return list.slice(start).find((r) => r.kind === "turn" && r.tree !== currentTree);
}

/** The checkpoint named `id` (a prefix of at least 4 characters) among this project's. */
export function byId(records: readonly StoredCheckpoint[], id: string, project: string): StoredCheckpoint {
  const wanted = id.trim().toLowerCase();
  if (!/^[0-9a-f]{4,40}$/.test(wanted)) throw new UndoError(`"${id}" is not a checkpoint id (ids are hex, as \`quiver checkpoints list\` shows them).`);
  const matches = records.filter((r) => r.commit.startsWith(wanted));
  if (matches.length > 1) throw new UndoError(`checkpoint id "${id}" is ambiguous here (${matches.map((r) => r.id).join(", ")}); give more of it.`);
  const found = matches[0];
  if (found !== undefined) {
    if (found.project !== project) throw notThisProject(id, found.project, project);
    return found;
  }
  throw new UndoError(`no checkpoint "${id}" for ${project}. \`quiver checkpoints list\` shows this project's checkpoints.`);
}

/** Another project's shadow repository holding `id`, for a clear refusal (undefined when none). */
export async function otherProjectOf(id: string, project: string, timeoutMs: number): Promise<string | undefined> {
  const wanted = id.trim().toLowerCase();
  const ours = shadowDirFor(project);
  for (const gitDir of allShadowDirs()) {
    if (gitDir === ours) continue;
    const other = projectOfDir(gitDir);
    if (other === undefined) continue;
    const records = await readCheckpoints({ project: other, gitDir, workTree: other }, timeoutMs).catch(() => []);
    if (records.some((r) => r.commit.startsWith(wanted))) return other;
  }
  return undefined;
}

export function notThisProject(id: string, owner: string, project: string): UndoError {
  return new UndoError(`checkpoint ${id} is for ${owner}, not ${project}; run \`quiver undo --to ${id}\` from ${owner}.`);
}

function projectOfDir(gitDir: string): string | undefined {
  try {
    return readFileSync(join(gitDir, "project"), "utf8").trim();
  } catch {
    return undefined;
  }
}

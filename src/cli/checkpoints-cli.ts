/** `quiver undo [--to ID]` and `quiver checkpoints list`: the project's checkpoints from the shell. */
import { listCheckpoints, undo, UndoError, type CheckpointRow, type UndoResult } from "../checkpoints/index.js";
import { loadConfig } from "../config/config.js";
import { storeOptions } from "./checkpoint-hook.js";
import { CliError, EXIT } from "./exit-codes.js";
import { styleFor, type Style } from "./style.js";

export interface UndoCommandOptions {
  to?: string;
  json?: boolean;
}

export async function undoCommand(opts: UndoCommandOptions): Promise<number> {
  const config = await loadConfig();
  let result: UndoResult;
  try {
    result = await undo({ cwd: process.cwd(), ...storeOptions(config), ...(opts.to === undefined ? {} : { to: opts.to }) });
  } catch (err) {
    if (err instanceof UndoError) throw new CliError(err.message, EXIT.failure);
    throw new CliError(`undo failed, the project is as it was before this command: ${err instanceof Error ? err.message : String(err)}`, EXIT.failure);
  }
  if (opts.json === true) process.stdout.write(`${JSON.stringify(undoJson(result), null, 2)}\n`);
  else process.stdout.write(`${formatUndo(result, styleFor(process.stdout))}\n`);
  return EXIT.ok;
}

export async function listCheckpointsCommand(opts: { json?: boolean; limit?: string }): Promise<number> {
  const config = await loadConfig();
  const limit = opts.limit === undefined ? 20 : Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit takes a whole number of at least 1, got "${opts.limit}"`);
  const { project, checkpoints } = await listCheckpoints({ cwd: process.cwd(), limit, ...storeOptions(config) });
  if (opts.json === true) {
    process.stdout.write(`${JSON.stringify({ project, checkpoints: checkpoints.map(rowJson) }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (checkpoints.length === 0) {
    process.stdout.write(`No checkpoints for ${project} yet: one is taken before the first write of each turn.\n`);
    return EXIT.ok;
  }
  process.stdout.write(`${formatRows(project, checkpoints, styleFor(process.stdout))}\n`);
  return EXIT.ok;
}

/** What an undo did, for the shell and the chat's /undo. */
export function formatUndo(result: UndoResult, style: Style): string {
  const { restoredFiles, removedFiles } = result;
  const lines = [`Restored ${result.project} to checkpoint ${style.bold(result.restored.id)} (${describe(result.restored)}, ${age(result.restored.time)} ago).`];
  if (restoredFiles.length === 0 && removedFiles.length === 0) lines.push("No file differed from it.");
  if (restoredFiles.length > 0) lines.push(`  restored ${restoredFiles.length}: ${fileList(restoredFiles)}`);
  if (removedFiles.length > 0) lines.push(`  removed ${removedFiles.length}: ${fileList(removedFiles)}`);
  lines.push(style.dim(`Undo this with: quiver undo --to ${result.before.id}`));
  return lines.join("\n");
}

function formatRows(project: string, rows: readonly CheckpointRow[], style: Style): string {
  const table = rows.map((r) => [r.id, age(r.time), describe(r), `${r.changedSince} changed since`, r.sessionId ?? "-"]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...table.map((row) => row[i]!.length)));
  const lines = table.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join("  "));
  return [style.dim(`Checkpoints of ${project}, newest first (id, age, trigger, files changed since, session):`), ...lines, style.dim("quiver undo --to ID restores one.")].join("\n");
}

function describe(record: CheckpointRow | UndoResult["restored"]): string {
  const subject = record.trigger.subject === "" ? "" : ` ${record.trigger.subject}`;
  return record.kind === "undo" ? `before undo (${record.trigger.subject})` : `before ${record.trigger.tool}${subject}`;
}

function fileList(files: readonly string[]): string {
  const shown = files.slice(0, 8).join(", ");
  return files.length > 8 ? `${shown}, … (${files.length - 8} more)` : shown;
}

function age(time: string): string {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(time)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

function rowJson(row: CheckpointRow): object {
  const { commit: _commit, tree: _tree, ...rest } = row;
  return rest;
}

function undoJson(result: UndoResult): object {
  return { project: result.project, restored: result.restored.id, before: result.before.id, restoredFiles: result.restoredFiles, removedFiles: result.removedFiles };
}

/**
 * Oversized tool results go to a file instead of the context window: the model gets a preview
 * and the path, and reads on with read_file (offset/limit) only if it needs to.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLogger, quiverPath } from "../registry/index.js";

const log = createLogger("spillover");

const PREVIEW_CHARS = 1_500;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function spilloverDir(): string {
  return quiverPath("cache", "spillover");
}

/** Returns what the model sees instead of `result`, which is longer than `limit` chars. */
export async function spill(toolName: string, result: string, limit: number): Promise<string> {
  const dir = spilloverDir();
  const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${toolName.replace(/[^A-Za-z0-9_-]/g, "_")}-${randomBytes(4).toString("hex")}`;
  const path = join(dir, `${id}.txt`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(path, result, { mode: 0o600 });
  } catch (err) {
    log.warn(`could not write spillover file ${path}: ${(err as Error).message}; truncating inline`);
    return truncateInline(result, limit, (err as Error).message);
  }
  await prune(dir);
  const preview = previewOf(result);
  const totalLines = countLines(result);
  return JSON.stringify({
    truncated: true,
    total_chars: result.length,
    total_lines: totalLines,
    preview,
    full_result_path: path,
    hint:
      `The result was ${result.length} chars (${totalLines} lines), over this tool's ${limit}-char limit, so only a preview is shown. ` +
      `The full result is saved at ${path}: read it with read_file using offset and limit, e.g. {"path": ${JSON.stringify(path)}, "offset": 1, "limit": 500}.`,
  });
}

/** The first PREVIEW_CHARS chars, cut at the last newline when one is reasonably near the end. */
function previewOf(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const head = text.slice(0, PREVIEW_CHARS);
  const cut = head.lastIndexOf("\n");
  return cut >= PREVIEW_CHARS / 2 ? head.slice(0, cut) : head;
}

function truncateInline(result: string, limit: number, reason: string): string {
  const kept = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : result.length;
  return `${result.slice(0, kept)}\n… [truncated: ${result.length - kept} of ${result.length} chars omitted; the full result could not be saved (${reason})]`;
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

async function prune(dir: string): Promise<void> {
  try {
    const cutoff = Date.now() - MAX_AGE_MS;
    for (const name of await readdir(dir)) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info !== undefined && info.mtimeMs < cutoff) await unlink(file).catch(() => undefined);
    }
  } catch (err) {
    log.debug(`spillover pruning skipped: ${(err as Error).message}`);
  }
}

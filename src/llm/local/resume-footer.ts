/**
 * node-llama-cpp's downloader (ipull) keeps its resume state as a JSON object after a partial
 * file's last byte, and cuts it off when the download ends. A state save still in flight at that
 * cut lands after it: a CI run under load got a 12 MiB model 67 bytes too long, which the size
 * check then deleted, a whole re-download for bytes that were never the model's. Such a footer is
 * cut off here; anything else past the announced size is left for the size check to refuse.
 */
import { open } from "node:fs/promises";

/** A resume state is a few hundred bytes; more than this past the end is not one. */
const MAX_FOOTER_BYTES = 64 * 1024;

/** Cuts `path` back to `size` (when known) if what lies beyond is one JSON object. */
export async function dropResumeFooter(path: string, size: number): Promise<void> {
  if (size <= 0) return;
  const handle = await open(path, "r+");
  try {
    const extra = (await handle.stat()).size - size;
    if (extra <= 0 || extra > MAX_FOOTER_BYTES) return;
    const tail = Buffer.alloc(extra);
    await handle.read(tail, 0, extra, size);
    if (isJsonObject(tail.toString("utf8"))) await handle.truncate(size);
  } finally {
    await handle.close();
  }
}

function isJsonObject(text: string): boolean {
  if (!text.startsWith("{")) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

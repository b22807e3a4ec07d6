/**
 * Atomic file replacement: write a temp file in the same directory, then rename it over the
 * target, so a reader never sees half a file and a crash never leaves one. The folder is the
 * judged one, opened and re-verified right before the rename (judged-path.ts), and the rename
 * replaces the directory entry itself, so a final symlink swapped in is replaced, not followed.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { openJudgedDir, verifyDir, verifyEntry, type JudgedTarget } from "./judged-path.js";

/**
 * Writes `content` to the judged target (a symlink asked for was resolved when judged, so the
 * link stays a link), creating missing parent folders; an existing file keeps its permission bits.
 */
export async function writeFileAtomic(target: JudgedTarget, content: string | Uint8Array): Promise<{ created: boolean }> {
  const name = basename(target.real);
  const dir = await openJudgedDir(dirname(target.real), target.requested);
  const temp = `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    const existing = await verifyEntry(dir, name, target.identity, target.requested);
    // O_EXCL never follows a link, so the temp file is created in the verified folder or not at all.
    const file = await open(join(dir.at, temp), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
    try {
      await file.writeFile(content, typeof content === "string" ? "utf8" : undefined);
      if (existing !== undefined) await file.chmod(existing.mode & 0o7777);
    } finally {
      await file.close();
    }
    await verifyDir(dir, target.requested);
    await verifyEntry(dir, name, target.identity, target.requested);
    await rename(join(dir.at, temp), join(dir.at, name));
    return { created: existing === undefined };
  } catch (err) {
    await rm(join(dir.at, temp), { force: true });
    throw err;
  } finally {
    await dir.handle.close();
  }
}

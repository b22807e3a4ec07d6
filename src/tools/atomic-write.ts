/**
 * Atomic file replacement: write a temp file in the same directory, then rename it over the
 * target, so a reader never sees half a file and a crash never leaves one.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ToolInputError, isErrnoError } from "./tool-input.js";
import { displayPath, realTarget, statOrUndefined } from "./path-safety.js";

/**
 * Writes `content` to `absPath` atomically, creating missing parent folders. A symlink is
 * followed (the link stays a link), and an existing file keeps its permission bits.
 */
export async function writeFileAtomic(absPath: string, content: string | Uint8Array): Promise<{ created: boolean }> {
  const target = await realTarget(absPath);
  const existing = await statOrUndefined(target);
  if (existing !== undefined && !existing.isFile()) {
    throw new ToolInputError(`Cannot write ${displayPath(absPath)}: it exists and is ${existing.isDirectory() ? "a directory" : "not a regular file"}.`);
  }
  const dir = dirname(target);
  await makeParents(dir, absPath);
  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, content, { encoding: "utf8", flag: "wx" });
    if (existing !== undefined) await chmod(temp, existing.mode & 0o7777);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return { created: existing === undefined };
}

async function makeParents(dir: string, shownFor: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    if (isErrnoError(err) && (err.code === "EEXIST" || err.code === "ENOTDIR")) {
      throw new ToolInputError(`Cannot create the folder for ${displayPath(shownFor)}: a part of the path ${dir} is a file, not a folder.`);
    }
    throw err;
  }
  if (!(await stat(dir)).isDirectory()) {
    throw new ToolInputError(`Cannot write ${displayPath(shownFor)}: ${dir} is not a folder.`);
  }
}

/**
 * `read_file`: a window of a text file as numbered `N|text` lines. Never spilled by the
 * model-facing layer (a spilled result is read back with this very tool), so its own
 * window limit is what keeps results bounded.
 */
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import type { FileIdentity } from "../safety/real-paths.js";
import { protectedRoots, unreadableRoot } from "../safety/unreadable.js";
import { gateRead } from "./approval.js";
import { isBinaryFile } from "./binary-file.js";
import { lineWindowOfText, readLineWindow, type LineWindow } from "./line-window.js";
import { displayPath, realTarget, requireRegularFile, resolveUserPath } from "./path-safety.js";
import { checkOpened } from "./protected-read.js";
import { readSmallFile, rememberRegularFileDevice } from "./small-file.js";
import { ToolInputError, optionalNumberArg, reportingInputErrors, stringArg } from "./tool-input.js";

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 2000;
const MAX_WINDOW_CHARS = 100_000;

/** The JSON `read_file` returns. */
export interface ReadFileResult {
  /** The file's absolute path. */
  path: string;
  /** The window's lines as `N|text`, joined with `\n`. */
  content: string;
  total_lines: number;
  /** The first line returned (1-based). */
  offset: number;
  lines_returned: number;
  /** True when lines remain after the window. */
  truncated: boolean;
  /** Where the next window starts, when lines remain. */
  next_offset?: number;
  hint?: string;
}

async function readFile(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const path = resolveUserPath(stringArg(args, "path"));
  const offset = optionalNumberArg(args, "offset", { integer: true, min: 1 }) ?? 1;
  const requested = optionalNumberArg(args, "limit", { integer: true, min: 1 }) ?? DEFAULT_LIMIT;
  const limit = Math.min(requested, MAX_LIMIT);
  const shown = displayPath(path);

  // Credentials ask first (links resolved); what is then opened is judged again by descriptor.
  const roots = protectedRoots();
  const approved = unreadableRoot(path, roots);
  if (approved !== undefined) {
    const refusal = await gateRead(ctx, "read_file", path, await realTarget(path), approved);
    if (refusal !== undefined) return refusal;
  }
  const judged = roots.identity(path);
  const window = await readWindow(path, shown, offset, limit, (fd, opened) => checkOpened(fd, path, approved, roots, opened && { judged, opened }));
  if (window.oversized) throw new ToolInputError(oversizedMessage(shown, offset, limit, window.windowChars, window.longestLine));
  if (window.totalLines > 0 && offset > window.totalLines) {
    throw new ToolInputError(`offset ${offset} is past the end of ${shown}, which has ${window.totalLines} lines. Use an offset between 1 and ${window.totalLines}.`);
  }

  const content = window.lines.map((line, i) => `${offset + i}|${line}`).join("\n");
  const lastShown = offset + window.lines.length - 1;
  const result: ReadFileResult = {
    path,
    content,
    total_lines: window.totalLines,
    offset,
    lines_returned: window.lines.length,
    truncated: lastShown < window.totalLines,
  };
  const notes: string[] = [];
  if (requested > MAX_LIMIT) notes.push(`limit capped at ${MAX_LIMIT}.`);
  if (window.totalLines === 0) notes.push("The file is empty.");
  if (result.truncated) {
    result.next_offset = lastShown + 1;
    notes.push(`Showing lines ${offset}-${lastShown} of ${window.totalLines}. Use offset=${lastShown + 1} to read more.`);
  }
  if (notes.length > 0) result.hint = notes.join(" ");
  return toolResult(result);
}

async function readWindow(path: string, shown: string, offset: number, limit: number, check: (fd: number, opened?: FileIdentity) => void): Promise<LineWindow> {
  const small = readSmallFile(path, check);
  if (small !== undefined && !small.binary) return lineWindowOfText(small.text, offset, limit, MAX_WINDOW_CHARS);
  const binary = (): ToolInputError =>
    new ToolInputError(`${shown} looks like a binary file (it has NUL bytes); read_file only reads text. Use terminal tools such as \`file\` or \`xxd | head\` to inspect it.`);
  if (small !== undefined) throw binary();
  rememberRegularFileDevice((await requireRegularFile(path)).dev);
  // One descriptor for the sniff and the read, judged once it is open.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    check(handle.fd);
    if (await isBinaryFile(handle)) throw binary();
    return await readLineWindow(handle, offset, limit, MAX_WINDOW_CHARS);
  } finally {
    await handle.close();
  }
}

function oversizedMessage(shown: string, offset: number, limit: number, chars: number, longestLine: number): string {
  const base = `Lines ${offset}-${offset + limit - 1} of ${shown} hold ${chars} chars, over the ${MAX_WINDOW_CHARS}-char limit of one read.`;
  if (longestLine > MAX_WINDOW_CHARS) {
    return `${base} A single line there is ${longestLine} chars long; use search_files, or the terminal (e.g. \`cut -c1-2000\`), to look at parts of it.`;
  }
  const fitting = Math.max(1, Math.floor((limit * MAX_WINDOW_CHARS) / chars / 2));
  return `${base} Narrow the window: use a smaller limit (e.g. limit=${fitting}) and step through with offset.`;
}

export const readFileHandler = reportingInputErrors(readFile);

registry.register({
  name: "read_file",
  toolset: "file",
  emoji: "📖",
  readOnly: true,
  // A spilled result is read back with read_file, so capping this one would loop.
  maxResultSizeChars: Infinity,
  schema: {
    name: "read_file",
    description:
      "Read a text file as numbered lines `N|text`, with the total line count and the next offset when more remain. " +
      "Reads up to `limit` lines (default 500, max 2000) from `offset` (1-based). Refuses directories, devices, pipes, kernel pseudo-files (/proc, /sys) and binary files.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path; relative paths are resolved against the current directory, ~ expands." },
        offset: { type: "integer", minimum: 1, description: "First line to read, 1-based (default 1)." },
        limit: { type: "integer", minimum: 1, description: "How many lines to read (default 500, max 2000)." },
      },
      required: ["path"],
      additionalProperties: false,
    },
  },
  handler: readFileHandler,
});

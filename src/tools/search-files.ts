/** `search_files`: a regex search over the lines of text files, like a small `grep -rn`. */
import { readFile } from "node:fs/promises";
import { relative, sep } from "node:path";
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { looksBinary } from "./binary-file.js";
import { walkFiles } from "./file-walk.js";
import { displayPath, resolveUserPath, statOrUndefined } from "./path-safety.js";
import {
  ToolInputError,
  optionalBooleanArg,
  optionalNumberArg,
  optionalStringArg,
  reportingInputErrors,
  stringArg,
} from "./tool-input.js";

export const DEFAULT_MATCH_LIMIT = 100;
export const MAX_MATCH_LIMIT = 1000;
/** Larger files are passed over (and counted): a search is not the tool for multi-megabyte logs. */
export const MAX_SEARCH_FILE_BYTES = 20 * 1024 * 1024;
const MAX_LINE_CHARS = 500;

/** The JSON `search_files` returns. */
export interface SearchResult {
  pattern: string;
  path: string;
  /** `file:line:text`, file relative to the current directory when inside it. */
  matches: string[];
  match_count: number;
  files_searched: number;
  /** True when the search stopped at the limit. */
  truncated: boolean;
  hint?: string;
}

async function searchFiles(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const pattern = stringArg(args, "pattern");
  const root = resolveUserPath(optionalStringArg(args, "path") ?? ".");
  const glob = optionalStringArg(args, "glob");
  const requested = optionalNumberArg(args, "limit", { integer: true, min: 1 }) ?? DEFAULT_MATCH_LIMIT;
  const limit = Math.min(requested, MAX_MATCH_LIMIT);
  const caseSensitive = optionalBooleanArg(args, "case_sensitive") ?? true;
  const regex = compile(pattern, caseSensitive);
  const matchesGlob = await globMatcher(glob);

  const rootStats = await statOrUndefined(root);
  if (rootStats === undefined) throw new ToolInputError(`Search path not found: ${displayPath(root)}. Check the path, or search from "." instead.`);
  const files = rootStats.isDirectory() ? walkFiles(root, ctx.signal) : single(root);

  const matches: string[] = [];
  let filesSearched = 0;
  let skipped = 0;
  let truncated = false;
  for await (const file of files) {
    const rel = rootStats.isDirectory() ? relative(root, file).split(sep).join("/") : file.slice(file.lastIndexOf(sep) + 1);
    if (!matchesGlob(rel)) continue;
    const lines = await textLines(file);
    if (lines === undefined) {
      skipped++;
      continue;
    }
    filesSearched++;
    const shown = displayPath(file);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (!regex.test(line)) continue;
      if (matches.length === limit) {
        truncated = true;
        break;
      }
      matches.push(`${shown}:${i + 1}:${clip(line)}`);
    }
    if (truncated) break;
  }

  const result: SearchResult = {
    pattern,
    path: displayPath(root),
    matches,
    match_count: matches.length,
    files_searched: filesSearched,
    truncated,
  };
  const notes: string[] = [];
  if (truncated) notes.push(`Results truncated at ${limit} matches; narrow the pattern, path or glob${limit < MAX_MATCH_LIMIT ? `, or raise limit (max ${MAX_MATCH_LIMIT})` : ""}.`);
  if (requested > MAX_MATCH_LIMIT) notes.push(`limit capped at ${MAX_MATCH_LIMIT}.`);
  if (matches.length === 0) notes.push(`No matches in ${filesSearched} file(s)${glob === undefined ? "" : ` matching glob "${glob}"`}.`);
  if (skipped > 0) notes.push(`${skipped} binary or oversized file(s) skipped.`);
  if (notes.length > 0) result.hint = notes.join(" ");
  return toolResult(result);
}

function compile(pattern: string, caseSensitive: boolean): RegExp {
  try {
    return new RegExp(pattern, caseSensitive ? "" : "i");
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ToolInputError(`Invalid regular expression ${JSON.stringify(pattern)}: ${reason}. Patterns use JavaScript RegExp syntax; escape special characters such as ( [ { . * + ? with a backslash.`);
  }
}

// A glob without a slash matches the file name ("*.ts"), one with a slash the path relative to
// the search root ("src/deep/*.ts"). Done here: picomatch's `basename` option breaks the latter.
// picomatch loads on first use: every CLI start imports this tool, few searches use a glob.
async function globMatcher(glob: string | undefined): Promise<(relPath: string) => boolean> {
  if (glob === undefined) return () => true;
  const { default: picomatch } = await import("picomatch");
  const isMatch = picomatch(glob, { dot: true });
  if (glob.includes("/")) return isMatch;
  return (relPath) => isMatch(relPath.slice(relPath.lastIndexOf("/") + 1));
}

async function* single(path: string): AsyncGenerator<string> {
  yield path;
}

/** The file's lines, or undefined for a binary, oversized or unreadable file. */
async function textLines(path: string): Promise<string[] | undefined> {
  const stats = await statOrUndefined(path).catch(() => undefined);
  if (stats === undefined || !stats.isFile() || stats.size > MAX_SEARCH_FILE_BYTES) return undefined;
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined;
  }
  if (looksBinary(bytes)) return undefined;
  const lines = bytes.toString("utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

function clip(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [${line.length - MAX_LINE_CHARS} more chars]` : line;
}

export const searchFilesHandler = reportingInputErrors(searchFiles);

registry.register({
  name: "search_files",
  toolset: "file",
  emoji: "🔎",
  readOnly: true,
  schema: {
    name: "search_files",
    description:
      "Search file contents with a regular expression (JavaScript syntax) and return matches as `file:line:text`. " +
      "Searches `path` (default: the current directory) recursively, skipping .git, node_modules and binary files; " +
      "`glob` filters file names (e.g. \"*.ts\", \"src/**/*.md\"). Stops at `limit` matches (default 100, max 1000).",
    parameters: {
      type: "object",
      properties: {
        pattern: { type: "string", description: "Regular expression matched against each line." },
        path: { type: "string", description: "Folder or file to search (default: the current directory)." },
        glob: { type: "string", description: "Only search files whose name (or path relative to `path`) matches this glob, e.g. \"*.ts\"." },
        limit: { type: "integer", minimum: 1, description: "Maximum number of matches (default 100, max 1000)." },
        case_sensitive: { type: "boolean", description: "Match case exactly (default true)." },
      },
      required: ["pattern"],
      additionalProperties: false,
    },
  },
  handler: searchFilesHandler,
});

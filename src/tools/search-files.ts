/** `search_files`: a regex search over the lines of text files, like a small `grep -rn`. */
import { open } from "node:fs/promises";
import { relative, sep } from "node:path";
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { unreadableRoot } from "../safety/unreadable.js";
import { gateRead } from "./approval.js";
import { looksBinary } from "./binary-file.js";
import { walkFiles, type WalkSkip } from "./file-walk.js";
import { displayPath, pseudoFilesystemOf, realTarget, resolveUserPath, statOrUndefined } from "./path-safety.js";
import { checkOpened, protectedInWalk } from "./protected-read.js";
import { PatternTooSlowError, RegexSearch, type LineHit } from "./regex-worker-pool.js";
import {
  ToolInputError,
  optionalBooleanArg,
  optionalNumberArg,
  optionalStringArg,
  reportingInputErrors,
  stringArg,
} from "./tool-input.js";

const DEFAULT_MATCH_LIMIT = 100;
const MAX_MATCH_LIMIT = 1000;
/** Larger files are passed over (and counted): a search is not the tool for multi-megabyte logs. */
const MAX_SEARCH_FILE_BYTES = 20 * 1024 * 1024;
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
  /** Protected files and folders (credentials, src/safety/unreadable.ts) passed over without asking. */
  protected_skipped?: number;
  hint?: string;
}

async function searchFiles(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const pattern = stringArg(args, "pattern");
  const root = resolveUserPath(optionalStringArg(args, "path") ?? ".");
  const glob = optionalStringArg(args, "glob");
  const requested = optionalNumberArg(args, "limit", { integer: true, min: 1 }) ?? DEFAULT_MATCH_LIMIT;
  const limit = Math.min(requested, MAX_MATCH_LIMIT);
  const caseSensitive = optionalBooleanArg(args, "case_sensitive") ?? true;
  const flags = compile(pattern, caseSensitive);
  const matchesGlob = await globMatcher(glob);

  const rootStats = await statOrUndefined(root);
  if (rootStats === undefined) throw new ToolInputError(`Search path not found: ${displayPath(root)}. Check the path, or search from "." instead.`);
  // Searching inside a protected path asks; a walk from above one passes over it silently.
  const approved = unreadableRoot(root);
  if (approved !== undefined) {
    const refusal = await gateRead(ctx, "search_files", root, await realTarget(root), approved);
    if (refusal !== undefined) return refusal;
  }
  const isDir = rootStats.isDirectory();
  const skip: WalkSkip = { test: protectedInWalk(root, approved), skipped: 0 };
  const files = isDir ? walkFiles(root, ctx.signal, skip) : single(root);
  const relativeName = (file: string): string => (isDir ? relative(root, file).split(sep).join("/") : file.slice(file.lastIndexOf(sep) + 1));
  const search = new RegexSearch(pattern, flags, ctx.startedAt);
  let found: Found;
  try {
    found = await collectMatches(search, files, (file) => matchesGlob(relativeName(file)), limit, ctx.signal, approved, searchProgress(ctx));
  } finally {
    search.close();
  }
  const { matches, filesSearched, skipped, truncated } = found;

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
  if (skip.skipped > 0) {
    result.protected_skipped = skip.skipped;
    notes.push(`${skip.skipped} protected path(s) holding credentials (such as ~/.ssh) skipped without reading; search inside one by its path to be asked for the user's approval.`);
  }
  if (notes.length > 0) result.hint = notes.join(" ");
  return toolResult(result);
}

interface Found {
  matches: string[];
  filesSearched: number;
  skipped: number;
  truncated: boolean;
}

const PROGRESS_INTERVAL_MS = 1_000;

// Files are matched in batches: one worker round trip per small file cost more than its match.
const BATCH_CHARS = 512 * 1024;
const BATCH_FILES = 64;

/** A file read for the next batch; `text` undefined when it is skipped (binary, oversized, ...). */
interface Pending {
  file: string;
  text: string | undefined;
}

/** Up to `limit` matches, file by file; `truncated` when there were more. */
async function collectMatches(
  search: RegexSearch,
  files: AsyncIterable<string>,
  wanted: (file: string) => boolean,
  limit: number,
  signal: AbortSignal | undefined,
  approved: string | undefined,
  progress?: (found: Found) => void,
): Promise<Found> {
  const found: Found = { matches: [], filesSearched: 0, skipped: 0, truncated: false };
  let batch: Pending[] = [];
  let chars = 0;
  for await (const file of files) {
    if (!wanted(file)) continue;
    const text = await fileText(file, approved);
    batch.push({ file, text });
    chars += text?.length ?? 0;
    if (chars < BATCH_CHARS && batch.length < BATCH_FILES) continue;
    await matchBatch(search, batch, found, limit, signal);
    if (found.truncated) return found;
    progress?.(found);
    batch = [];
    chars = 0;
  }
  await matchBatch(search, batch, found, limit, signal);
  return found;
}

/** Progress of a long search (MCP clients show it, and it keeps their timeout alive): after the first batch, then at most once a second. */
function searchProgress(ctx: ToolContext): ((found: Found) => void) | undefined {
  const report = ctx.progress;
  if (report === undefined) return undefined;
  let last = -Infinity;
  return (found) => {
    const now = Date.now();
    if (now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    report({ progress: found.filesSearched, message: `searched ${found.filesSearched} files, ${found.matches.length} matches so far` });
  };
}

/** Adds the batch's matches (and counts) to `found`, in file order, stopping past `limit`. */
async function matchBatch(search: RegexSearch, batch: Pending[], found: Found, limit: number, signal: AbortSignal | undefined): Promise<void> {
  const texts = searchable(batch).map((p) => p.text as string);
  // One hit past the limit tells a full page from a truncated one.
  const hits = texts.length === 0 ? [] : await matchIn(search, texts, limit - found.matches.length + 1, batch, signal);
  let next = 0;
  let textIndex = -1;
  for (const { file, text } of batch) {
    if (text === undefined) {
      found.skipped++;
      continue;
    }
    found.filesSearched++;
    if (text === "") continue;
    textIndex++;
    const shown = displayPath(file);
    for (; next < hits.length && (hits[next] as LineHit).text === textIndex; next++) {
      if (found.matches.length === limit) {
        found.truncated = true;
        return;
      }
      const hit = hits[next] as LineHit;
      found.matches.push(`${shown}:${hit.index + 1}:${clip(hit.line)}`);
    }
  }
}

/** The files of the batch that go to the matcher: read, and not empty. */
function searchable(batch: Pending[]): Pending[] {
  return batch.filter((p) => p.text !== undefined && p.text !== "");
}

async function matchIn(search: RegexSearch, texts: string[], limit: number, batch: Pending[], signal: AbortSignal | undefined): Promise<LineHit[]> {
  try {
    return await search.match(texts, limit, signal);
  } catch (err) {
    if (!(err instanceof PatternTooSlowError)) throw err;
    const stuck = searchable(batch)[err.text]?.file;
    throw new ToolInputError(
      `The pattern ${JSON.stringify(search.pattern)} was too slow: matching it${stuck === undefined ? "" : ` against ${displayPath(stuck)}`} took over ${(err.budgetMs / 1000).toFixed(1)} s, so the search was stopped. ` +
        "Nested or overlapping quantifiers such as (a+)+ or (a|aa)* backtrack exponentially on some lines; simplify the pattern (e.g. (a+)+ → a+), or narrow path or glob.",
      { error_type: "pattern_too_slow" },
    );
  }
}

/** The regex flags for the pattern; throws a ToolInputError when the pattern does not compile. */
function compile(pattern: string, caseSensitive: boolean): string {
  const flags = caseSensitive ? "" : "i";
  try {
    new RegExp(pattern, flags);
    return flags;
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

/** The file's text, or undefined for a binary, oversized, unreadable or kernel pseudo-file. */
async function fileText(path: string, approved: string | undefined): Promise<string | undefined> {
  const stats = await statOrUndefined(path).catch(() => undefined);
  if (stats === undefined || !stats.isFile() || stats.size > MAX_SEARCH_FILE_BYTES) return undefined;
  // A pseudo-file (/proc/kmsg) may block forever on read; a search passes over it.
  if ((await pseudoFilesystemOf(path, stats)) !== undefined) return undefined;
  let bytes: Buffer;
  try {
    const handle = await open(path, "r");
    try {
      // What was opened is judged again: a link swapped in since the walk passed it is not read.
      checkOpened(handle.fd, path, approved);
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  return looksBinary(bytes) ? undefined : bytes.toString("utf8");
}

function clip(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [${line.length - MAX_LINE_CHARS} more chars]` : line;
}

const searchFilesHandler = reportingInputErrors(searchFiles);

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

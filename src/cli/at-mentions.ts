/**
 * `@path` in a chat message: the file's text, a directory's listing, or a glob's files, attached
 * to the message (the `@path` stays in the text). Bounded in bytes and files; binary files are
 * refused; a credential path (src/safety/unreadable.ts) is asked about as read_file asks, and the
 * opened descriptor is judged again so a symlink swapped after the question reads nothing.
 */
import { constants } from "node:fs";
import { open, readdir, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join, relative, resolve } from "node:path";
import picomatch from "picomatch";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";
import { unreadableRoot } from "../safety/unreadable.js";
import { BINARY_SNIFF_BYTES, looksBinary } from "../tools/binary-file.js";
import { walkFiles, type WalkSkip } from "../tools/file-walk.js";
import { checkOpened, protectedInWalk } from "../tools/protected-read.js";
import { displayPath, requireRegularFile } from "../tools/path-safety.js";

export const DEFAULT_MENTION_MAX_BYTES = 256 * 1024;
export const DEFAULT_MENTION_MAX_FILES = 50;
const DIRECTORY_ENTRIES = 200;
/** `@path` or `@"path with spaces"`, at the start or after whitespace (so mail@example.com is text). */
const MENTION = /(^|\s)@(?:"([^"]+)"|(\S+))/g;
const TRAILING_PUNCTUATION = /[,.;:!?)\]}'"]+$/;

export interface MentionOptions {
  cwd?: string;
  maxBytes?: number;
  maxFiles?: number;
  /** Asked before a credential path is read; absent or "unavailable": not attached. */
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** One line per mention: what was attached, or why not. */
  report: (line: string) => void;
}

interface Budget {
  bytes: number;
  files: number;
  /** The credential-path test, made once per message: `unreadableRoot` alone costs ~3 ms a call. */
  guard?: (path: string, isLink: boolean) => boolean;
}

/** The message with its mentioned files attached after it; unchanged when it mentions none. */
export async function attachMentions(message: string, options: MentionOptions): Promise<string> {
  if (!message.includes("@")) return message;
  const cwd = options.cwd ?? process.cwd();
  const budget: Budget = { bytes: options.maxBytes ?? DEFAULT_MENTION_MAX_BYTES, files: options.maxFiles ?? DEFAULT_MENTION_MAX_FILES };
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const match of message.matchAll(MENTION)) {
    const token = match[2] ?? match[3] ?? "";
    const target = await findTarget(token, match[2] !== undefined, cwd);
    if (target === undefined || seen.has(target.key)) continue;
    seen.add(target.key);
    // One mention that cannot be read (permissions, a vanished file) is reported; the rest still go.
    const part = await attachOne(target, budget, options).catch((err: unknown) => {
      options.report(`@${token}: ${err instanceof Error ? err.message : String(err)}; not attached`);
      return undefined;
    });
    if (part !== undefined) parts.push(part);
  }
  return parts.length === 0 ? message : `${message}\n\n${parts.join("\n\n")}`;
}

type Target = { kind: "path"; path: string; key: string } | { kind: "glob"; pattern: string; key: string };

/** What a token names: an existing path (trailing punctuation tried off), a glob, or nothing (plain text such as @alice). */
async function findTarget(token: string, quoted: boolean, cwd: string): Promise<Target | undefined> {
  const expanded = token.replace(/^~(?=$|\/)/, homedir());
  const candidates = quoted ? [expanded] : [expanded, expanded.replace(TRAILING_PUNCTUATION, "")];
  for (const candidate of candidates) {
    if (candidate === "") continue;
    const path = resolve(cwd, candidate);
    if (await stat(path).then(() => true, () => false)) return { kind: "path", path, key: path };
  }
  const pattern = candidates.at(-1) ?? "";
  if (picomatch.scan(pattern).isGlob) return { kind: "glob", pattern: resolve(cwd, pattern), key: `glob:${pattern}` };
  return undefined;
}

async function attachOne(target: Target, budget: Budget, options: MentionOptions): Promise<string | undefined> {
  if (target.kind === "glob") return attachGlob(target.pattern, budget, options);
  const info = await stat(target.path);
  if (info.isDirectory()) return attachDirectory(target.path, budget, options);
  if (!info.isFile()) {
    options.report(`@${displayPath(target.path)}: not a regular file; not attached`);
    return undefined;
  }
  return attachFile(target.path, budget, options);
}

/** Asked as read_file asks (explicitly: --yes never covers it); true when the path may be read. */
async function mayRead(path: string, budget: Budget, options: MentionOptions): Promise<{ ok: boolean; root?: string }> {
  const real = await realpath(path).catch(() => path);
  budget.guard ??= protectedInWalk("/", undefined);
  // The cheap test first; a hit (or a link) is confirmed, and named, by unreadableRoot.
  if (!budget.guard(real, false) && !budget.guard(path, real !== path)) return { ok: true };
  const root = unreadableRoot(real) ?? unreadableRoot(path);
  if (root === undefined) return { ok: true };
  const subject = real === path ? path : `${path} (a link to ${real})`;
  const decision = options.approve === undefined ? "unavailable" : await options.approve({ tool: "read_file", subject, reason: `@ mention: it is under ${root}, which holds credentials`, key: "read-protected", explicit: true });
  if (decision === "once" || decision === "session") return { ok: true, root };
  options.report(`@${displayPath(path)}: under ${root}, which holds credentials; ${decision === "deny" ? "you declined, so it is" : "nobody could approve reading it, so it is"} not attached`);
  return { ok: false };
}

async function attachFile(path: string, budget: Budget, options: MentionOptions): Promise<string | undefined> {
  const shown = displayPath(path);
  if (budget.files <= 0 || budget.bytes <= 0) {
    options.report(`@${shown}: not attached, the mentions are at their cap (input.mentionMaxFiles / input.mentionMaxBytes)`);
    return undefined;
  }
  try {
    // As read_file: no devices, pipes or kernel pseudo-files (/proc/self/environ holds this process's keys).
    await requireRegularFile(path);
  } catch (err) {
    options.report(`@${shown}: ${(err as Error).message.replace(/ If you need it.*$/, "")} Not attached.`);
    return undefined;
  }
  const allowed = await mayRead(path, budget, options);
  if (!allowed.ok) return undefined;
  // Non-blocking: a file swapped for a FIFO since the check cannot hang the prompt.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    checkOpened(handle.fd, path, allowed.root);
    const size = (await handle.stat()).size;
    const want = Math.min(size, budget.bytes);
    const buffer = Buffer.alloc(Math.max(want, Math.min(size, BINARY_SNIFF_BYTES)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (looksBinary(buffer.subarray(0, bytesRead))) {
      options.report(`@${shown}: a binary file (${size} bytes); not attached. Describe it, or let the model inspect it with a tool.`);
      return undefined;
    }
    const text = buffer.subarray(0, Math.min(bytesRead, want)).toString("utf8").replace(/\uFFFD$/, "");
    const cut = want < size;
    budget.bytes -= Buffer.byteLength(text);
    budget.files -= 1;
    options.report(`📎 ${shown} (${size} bytes${cut ? `, first ${want} attached: the mentions' cap` : ""})`);
    return `<file path="${shown}"${cut ? ` truncated="first ${want} of ${size} bytes"` : ""}>\n${text}${text.endsWith("\n") ? "" : "\n"}</file>`;
  } catch (err) {
    options.report(`@${shown}: ${(err as Error).message}`);
    return undefined;
  } finally {
    await handle.close();
  }
}

async function attachDirectory(path: string, budget: Budget, options: MentionOptions): Promise<string | undefined> {
  const shown = displayPath(path);
  if (!(await mayRead(path, budget, options)).ok) return undefined;
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = entries.slice(0, DIRECTORY_ENTRIES).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  const more = entries.length > DIRECTORY_ENTRIES ? `\n… and ${entries.length - DIRECTORY_ENTRIES} more` : "";
  options.report(`📎 ${shown}/ (listing, ${entries.length} entries)`);
  return `<directory path="${shown}">\n${names.join("\n")}${more}\n</directory>`;
}

async function attachGlob(pattern: string, budget: Budget, options: MentionOptions): Promise<string | undefined> {
  const { base } = picomatch.scan(pattern);
  const root = base === "" ? "/" : base;
  const isMatch = picomatch(relative(root, pattern), { dot: false });
  const guard = protectedInWalk(root, undefined);
  const skip: WalkSkip = { test: guard, skipped: 0 };
  const files: string[] = [];
  let matched = 0;
  for await (const file of walkFiles(root, undefined, skip)) {
    if (!isMatch(relative(root, file))) continue;
    matched++;
    // A walk of a large tree stops once it knows the cap is passed.
    if (files.length >= budget.files) break;
    files.push(file);
  }
  const shown = displayPath(pattern);
  if (matched === 0) {
    options.report(`@${shown}: no file matches${skip.skipped > 0 ? ` (${skip.skipped} credential paths passed over)` : ""}; left as text`);
    return undefined;
  }
  const parts: string[] = [];
  for (const file of files) {
    const part = await attachFile(file, budget, { ...options, approve: undefined });
    if (part !== undefined) parts.push(part);
  }
  if (matched > files.length) options.report(`@${shown}: more than ${files.length} files match; the first ${files.length} are attached (input.mentionMaxFiles)`);
  return parts.length === 0 ? undefined : parts.join("\n\n");
}

/** For Tab: entries of the folder a partial `@path` is in whose names start as it does. */
export async function completePath(partial: string, cwd = process.cwd()): Promise<string[]> {
  const expanded = partial.replace(/^~(?=$|\/)/, homedir());
  const slash = expanded.lastIndexOf("/");
  const dirPart = slash === -1 ? "" : expanded.slice(0, slash + 1);
  const namePart = slash === -1 ? expanded : expanded.slice(slash + 1);
  const shownDir = slash === -1 ? "" : partial.slice(0, partial.lastIndexOf("/") + 1);
  try {
    const entries = await readdir(join(resolve(cwd, dirPart === "" ? "." : dirPart)), { withFileTypes: true });
    return entries
      .filter((e) => e.name.startsWith(namePart) && (namePart.startsWith(".") || !e.name.startsWith(".")))
      .map((e) => `${shownDir}${e.name}${e.isDirectory() ? "/" : ""}`)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The sessions folder (`$QUIVER_HOME/sessions`): listing its transcripts, most recent first and by
 * the directory they were started in, and resolving an id or a unique prefix of one.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { createLogger, quiverPath } from "../registry/index.js";
import { shapeMessage } from "./message-shape.js";
import { headerCwd, parseLine } from "./transcript-format.js";

const log = createLogger("session");

export interface SessionStoreOptions {
  /** Where transcripts live (default `$QUIVER_HOME/sessions`). */
  dir?: string;
}

export interface SessionInfo {
  id: string;
  path: string;
  created: Date;
  /** Last write. */
  updated: Date;
  /** The first user message, whitespace collapsed ("" when there is none yet). */
  firstPrompt: string;
  messageCount: number;
  /** Where it was started; undefined for sessions saved before quiver recorded it. */
  cwd?: string;
}

/** `--resume` named no session, or a prefix matching several. */
export class SessionNotFoundError extends Error {
  override name = "SessionNotFoundError";
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function sessionsDir(options: SessionStoreOptions = {}): string {
  return options.dir ?? quiverPath("sessions");
}

/** The first line of a file, reading only its head when the line fits there. */
function firstLineOf(path: string): string {
  const head = Buffer.allocUnsafe(4096);
  const fd = openSync(path, "r");
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const end = head.subarray(0, read).indexOf(10);
  if (end !== -1) return head.toString("utf8", 0, end);
  return read < head.length ? head.toString("utf8", 0, read) : (readFileSync(path, "utf8").split("\n", 1)[0] ?? "");
}

/** Where sessions saved before the header line kept their directory. */
export function readLegacyMeta(dir: string, id: string): { cwd?: string } | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dir, `${id}.meta.json`), "utf8")) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const cwd = (value as { cwd?: unknown }).cwd;
    return typeof cwd === "string" ? { cwd } : {};
  } catch {
    return undefined;
  }
}

function sessionCwd(dir: string, id: string, firstLine: string): string | undefined {
  return headerCwd(firstLine) ?? readLegacyMeta(dir, id)?.cwd;
}

/** Sessions, most recently written first; with `cwd`, only those started in that directory. */
export function listSessions(options: SessionStoreOptions & { limit?: number; cwd?: string } = {}): SessionInfo[] {
  const dir = sessionsDir(options);
  const wanted = options.cwd === undefined ? undefined : resolve(options.cwd);
  const infos: SessionInfo[] = [];
  for (const id of sessionIds(dir)) {
    if (wanted !== undefined && startedIn(dir, id) !== wanted) continue;
    const info = sessionInfo(dir, id);
    if (info !== undefined) infos.push(info);
  }
  infos.sort((a, b) => b.updated.getTime() - a.updated.getTime() || b.id.localeCompare(a.id));
  return options.limit === undefined ? infos : infos.slice(0, options.limit);
}

/** The session's directory from the head of its transcript alone (a listing by directory skips the rest). */
function startedIn(dir: string, id: string): string | undefined {
  try {
    return sessionCwd(dir, id, firstLineOf(join(dir, `${id}.jsonl`)));
  } catch {
    return undefined;
  }
}

function sessionIds(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => name.slice(0, -".jsonl".length))
      .filter((id) => ID_PATTERN.test(id));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

function sessionInfo(dir: string, id: string): SessionInfo | undefined {
  const path = join(dir, `${id}.jsonl`);
  try {
    const stat = statSync(path);
    const text = readFileSync(path, "utf8");
    const firstLine = text.slice(0, Math.max(0, text.indexOf("\n")));
    const cwd = sessionCwd(dir, id, firstLine);
    const header = headerCwd(firstLine) === undefined ? 0 : 1;
    return {
      id,
      path,
      created: createdFromId(id) ?? stat.birthtime,
      updated: stat.mtime,
      firstPrompt: firstPrompt(text),
      // The header and compaction events are lines too, not messages.
      messageCount: countLines(text) - header - occurrences(text, '\n{"type":"compaction"') - (text.startsWith('{"type":"compaction"') ? 1 : 0),
      ...(cwd === undefined ? {} : { cwd }),
    };
  } catch (err) {
    log.warn(`Cannot read session ${path}: ${(err as Error).message}`);
    return undefined;
  }
}

function firstPrompt(text: string): string {
  for (const line of text.split("\n")) {
    const message = shapeMessage(parseLine(line)).message;
    if (message?.role !== "user") continue;
    const content = typeof message.content === "string" ? message.content : message.content.map((p) => (p.type === "text" ? p.text : "")).join(" ");
    return content.replace(/\s+/g, " ").trim();
  }
  return "";
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count++;
  return count;
}

export function resolveId(idOrPrefix: string, dir: string): string {
  const wanted = idOrPrefix.trim();
  if (!ID_PATTERN.test(wanted)) {
    throw new SessionNotFoundError(`"${idOrPrefix}" is not a session id (ids look like 20250101-120000-a1b2). \`quiver sessions\` lists them.`);
  }
  const ids = sessionIds(dir);
  if (ids.includes(wanted)) return wanted;
  const matches = ids.filter((id) => id.startsWith(wanted));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new SessionNotFoundError(`"${wanted}" matches ${matches.length} sessions (${matches.slice(0, 5).join(", ")}); give more of the id.`);
  }
  throw new SessionNotFoundError(`No session "${wanted}" in ${dir}. \`quiver sessions\` lists the saved ones.`);
}

function createdFromId(id: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-/.exec(id);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s);
}

/**
 * Session transcripts: `$QUIVER_HOME/sessions/<id>.jsonl`, one chat message per line, appended
 * with one synchronous write (`append-file.ts`) the moment the message exists, so a crash or
 * `kill -9` loses nothing already produced. The system prompt is not stored: a resumed session
 * gets a fresh one. Tool messages are stored raw, each with the session's tool-output boundary
 * (`"boundary": "<16 hex>"`, see tool-boundary.ts) so a resumed session wraps them exactly as before;
 * the field is taken off when the transcript is read. A compaction is a line of its own
 * (`{"type":"compaction","from":N,"summary":…}`, compaction/context-keeper.ts): the messages stay,
 * and a resumed session sends the last compaction's view. The first line, written with the first
 * message, records the directory the session was started in (`{"type":"session","cwd":…}`;
 * `--continue` picks this directory's newest): one file per session, so a new chat's first turn
 * creates one file. Sessions saved before that keep it in `<id>.meta.json` beside the transcript.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import type { ChatMessage } from "../llm/index.js";
import { createLogger, quiverPath } from "../registry/index.js";
import { appendSettled, appendSoon, appendToFile, forgetFile } from "./append-file.js";
import { repairHistory } from "./history.js";
import { shapeMessage } from "./message-shape.js";
import { BOUNDARY_PATTERN } from "./tool-boundary.js";
import type { CompactionRecord } from "./compaction/context-keeper.js";

const log = createLogger("session");

export interface SessionStoreOptions {
  /** Where transcripts live (default `$QUIVER_HOME/sessions`). */
  dir?: string;
}

export interface NewSessionOptions extends SessionStoreOptions {
  /** The directory the session belongs to (default `process.cwd()`). */
  cwd?: string;
  /** false: keep the conversation in memory only, nothing written (`--no-save`). */
  save?: boolean;
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

export class Session {
  readonly id: string;
  readonly path: string;
  readonly #dir: string;
  readonly #messages: ChatMessage[];
  #boundary: string | undefined;
  #compaction: CompactionRecord | undefined;
  /** The directory it belongs to; undefined for an old session that never recorded it. */
  readonly cwd: string | undefined;
  /** false: nothing is written (`--no-save`). */
  readonly saved: boolean;
  /** The header line goes out with the first message (a new session), or is on disk already. */
  #headerWritten: boolean;

  private constructor(id: string, dir: string, messages: ChatMessage[], meta: { cwd: string | undefined; save: boolean; headerWritten: boolean }, compaction?: CompactionRecord) {
    this.id = id;
    this.#compaction = compaction;
    this.#dir = dir;
    this.path = join(dir, `${id}.jsonl`);
    this.#boundary = takeBoundary(messages);
    this.#messages = messages;
    this.cwd = meta.cwd;
    this.saved = meta.save;
    this.#headerWritten = meta.headerWritten;
  }

  /** The tool-output boundary of this conversation (tool-boundary.ts); set once, by the agent that first uses it. */
  get boundary(): string | undefined {
    return this.#boundary;
  }

  set boundary(value: string | undefined) {
    if (this.#boundary === undefined && value !== undefined && BOUNDARY_PATTERN.test(value)) this.#boundary = value;
  }

  /** A new, empty session; its file appears with the first message. */
  static create(options: NewSessionOptions = {}): Session {
    return new Session(newSessionId(), sessionsDir(options), [], { cwd: resolve(options.cwd ?? process.cwd()), save: options.save !== false, headerWritten: false });
  }

  /**
   * Loads a session by id or unique id prefix, repairing a transcript cut mid-turn (unanswered
   * tool calls get `cancelled` results, written back so the file is valid too). A damaged
   * transcript (unreadable lines, malformed entries) is repaired the same way, after its
   * original bytes are copied to `<id>.jsonl.<time>.bak`, with one warning saying so.
   */
  static open(idOrPrefix: string, options: SessionStoreOptions = {}): Session {
    const dir = sessionsDir(options);
    const id = resolveId(idOrPrefix, dir);
    const transcript = readTranscript(join(dir, `${id}.jsonl`));
    const cwd = transcript.cwd ?? readLegacyMeta(dir, id)?.cwd;
    const session = new Session(id, dir, transcript.messages, { cwd, save: true, headerWritten: true }, transcript.compaction);
    try {
      if (transcript.damage.length > 0) {
        const backup = `${session.path}.${timestamp()}.bak`;
        copyFileSync(session.path, backup);
        session.#rewrite();
        log.warn(`Repaired damaged session transcript ${session.path}: ${transcript.damage.join(", ")}; the original is kept in ${backup}`);
      } else if (transcript.added > 0) {
        session.#rewrite();
        log.info(`Answered ${transcript.added} unfinished tool call(s) of ${session.path} with "cancelled"`);
      }
    } catch (err) {
      // The file stays as it was; the conversation goes on from the repaired copy in memory.
      log.warn(`Cannot write the repair of session transcript ${session.path} (${(err as Error).message}); it is repaired in memory only`);
    }
    return session;
  }

  /** The most recently written session (of `cwd`, when given), loaded as `open` does; undefined when there is none. */
  static latest(options: SessionStoreOptions & { cwd?: string } = {}): Session | undefined {
    const [newest] = listSessions({ ...options, limit: 1 });
    return newest === undefined ? undefined : Session.open(newest.id, options);
  }

  /**
   * Removes the transcript when no reply ever reached it (the first request failed): a start
   * that went wrong leaves no session behind. True when it was removed.
   */
  discardIfUnanswered(): boolean {
    if (this.#messages.some((m) => m.role === "assistant")) return false;
    forgetFile(this.path);
    rmSync(this.path, { force: true });
    return true;
  }

  /** The conversation so far (user, assistant and tool messages). */
  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  /** The last compaction recorded in the transcript, if any. */
  get compaction(): CompactionRecord | undefined {
    return this.#compaction;
  }

  /** Appends a compaction event (the messages themselves stay in the transcript). */
  recordCompaction(record: CompactionRecord): void {
    if (this.saved) appendToFile(this.path, `${JSON.stringify(record)}\n`);
    this.#compaction = record;
  }

  append(message: ChatMessage): void {
    this.appendAll([message]);
  }

  /** Appends `messages` in one write, on disk when it returns. */
  appendAll(messages: readonly ChatMessage[]): void {
    this.#appendAll(messages, appendToFile);
  }

  /**
   * Appends `messages` like `appendAll`, except that a transcript not open yet (a new chat's first
   * turn) is created off the main thread while they wait in memory, so the first request does not
   * wait for the disk; `settled()` resolves once they are written. The agent saves a round this way.
   */
  appendAllSoon(messages: readonly ChatMessage[]): void {
    this.#appendAll(messages, appendSoon);
  }

  /** Resolves once everything appended is on disk; rejects when the transcript could not be written. */
  settled(): Promise<void> {
    return this.saved ? appendSettled(this.path) : Promise.resolve();
  }

  #appendAll(messages: readonly ChatMessage[], write: (path: string, text: string) => void): void {
    if (messages.length === 0) return;
    if (!this.saved) {
      this.#messages.push(...messages);
      return;
    }
    let lines = this.#headerWritten ? "" : this.#header();
    for (const message of messages) lines += `${this.#line(message)}\n`;
    write(this.path, lines);
    this.#headerWritten = true;
    this.#messages.push(...messages);
  }

  #header(): string {
    return this.cwd === undefined ? "" : `${JSON.stringify({ type: HEADER_TYPE, cwd: this.cwd } satisfies SessionHeader)}\n`;
  }

  #rewrite(): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.tmp`;
    const compaction = this.#compaction === undefined ? "" : `${JSON.stringify(this.#compaction)}\n`;
    writeFileSync(temp, this.#header() + this.#messages.map((m) => `${this.#line(m)}\n`).join("") + compaction, { mode: 0o600 });
    forgetFile(this.path);
    renameSync(temp, this.path);
  }

  /** Tool messages carry the boundary on disk only. */
  #line(message: ChatMessage): string {
    return JSON.stringify(message.role === "tool" && this.#boundary !== undefined ? { ...message, boundary: this.#boundary } : message);
  }
}

/** The first stored boundary of the transcript; the field is removed from every message. */
function takeBoundary(messages: ChatMessage[]): string | undefined {
  let found: string | undefined;
  for (const message of messages) {
    if (message.role !== "tool" || !("boundary" in message)) continue;
    const value = (message as { boundary?: unknown }).boundary;
    if (found === undefined && typeof value === "string" && BOUNDARY_PATTERN.test(value)) found = value;
    delete (message as { boundary?: unknown }).boundary;
  }
  return found;
}

const HEADER_TYPE = "session";

/** A transcript's first line: the directory the session was started in. */
interface SessionHeader {
  type: typeof HEADER_TYPE;
  cwd: string;
}

function isSessionHeader(entry: unknown): entry is SessionHeader {
  const header = entry as Partial<SessionHeader>;
  return header.type === HEADER_TYPE && typeof header.cwd === "string";
}

/** The directory recorded by a transcript's first line, if it is a header. */
function headerCwd(firstLine: string): string | undefined {
  if (!firstLine.startsWith(`{"type":"${HEADER_TYPE}"`)) return undefined;
  const entry = parseLine(firstLine);
  return isSessionHeader(entry) ? entry.cwd : undefined;
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
function readLegacyMeta(dir: string, id: string): { cwd?: string } | undefined {
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

function resolveId(idOrPrefix: string, dir: string): string {
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

interface Transcript {
  messages: ChatMessage[];
  /** Unfinished tool calls answered with `cancelled` (nothing of the file lost). */
  added: number;
  /** What was wrong with the file, in words; empty when nothing was. */
  damage: string[];
  /** The last compaction event. */
  compaction?: CompactionRecord;
  /** The directory from the header line. */
  cwd?: string;
}

function readTranscript(path: string): Transcript {
  const parsed: unknown[] = [];
  let unreadable = 0;
  let compaction: CompactionRecord | undefined;
  let cwd: string | undefined;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const entry = parseLine(line);
    if (entry === undefined) unreadable++;
    else if (isCompactionRecord(entry)) compaction = entry;
    else if (isSessionHeader(entry)) cwd ??= entry.cwd;
    else parsed.push(entry);
  }
  const repair = repairHistory(parsed);
  const damage: string[] = [];
  if (unreadable > 0) damage.push(`${unreadable} unreadable line(s) skipped`);
  if (repair.repaired > 0) damage.push(`${repair.repaired} malformed entr${repair.repaired === 1 ? "y" : "ies"} rebuilt or left out`);
  if (repair.dropped > 0) damage.push(`${repair.dropped} tool result(s) answering no call dropped`);
  if (repair.added > 0 && damage.length > 0) damage.push(`${repair.added} unanswered tool call(s) answered "cancelled"`);
  return { messages: repair.messages, added: repair.added, damage, ...(compaction === undefined ? {} : { compaction }), ...(cwd === undefined ? {} : { cwd }) };
}

function isCompactionRecord(entry: unknown): entry is CompactionRecord {
  const record = entry as Partial<CompactionRecord>;
  return record.type === "compaction" && Number.isInteger(record.from) && typeof record.summary === "string";
}

/** A JSON object per line; undefined for a torn or non-JSON line. What the object holds is repairHistory's concern. */
function parseLine(line: string): unknown {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** For backup names: sortable, no characters a file name cannot hold. */
function timestamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, "").replace(".", "-");
}

/** Sortable and readable: local date and time, then 4 random hex digits. */
function newSessionId(now = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  // randomUUID draws from a cached entropy pool: 4 of its hex digits cost far less than randomBytes(2).
  return `${date}-${time}-${randomUUID().slice(0, 4)}`;
}

function createdFromId(id: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-/.exec(id);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s);
}

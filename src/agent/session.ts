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
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import type { ChatMessage } from "../llm/index.js";
import { createLogger } from "../registry/index.js";
import { appendSettled, appendSoon, appendToFile, forgetFile } from "./append-file.js";
import { listSessions, readLegacyMeta, resolveId, sessionsDir, type SessionStoreOptions } from "./session-store.js";
import { BOUNDARY_PATTERN } from "./tool-boundary.js";
import { HEADER_TYPE, readTranscript, type SessionHeader } from "./transcript-format.js";
import type { CompactionRecord } from "./compaction/context-keeper.js";

export { SessionNotFoundError, listSessions, sessionsDir } from "./session-store.js";
export type { SessionInfo, SessionStoreOptions } from "./session-store.js";

const log = createLogger("session");

export interface NewSessionOptions extends SessionStoreOptions {
  /** The directory the session belongs to (default `process.cwd()`). */
  cwd?: string;
  /** false: keep the conversation in memory only, nothing written (`--no-save`). */
  save?: boolean;
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

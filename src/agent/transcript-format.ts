/**
 * The transcript's lines on disk (session.ts writes them): the header line recording the directory
 * a session was started in, compaction events, and the chat messages, read back and repaired.
 */
import { readFileSync } from "node:fs";
import type { ChatMessage } from "../llm/index.js";
import { repairHistory } from "./history.js";
import type { CompactionRecord } from "./compaction/context-keeper.js";

export const HEADER_TYPE = "session";

/** A transcript's first line: the directory the session was started in. */
export interface SessionHeader {
  type: typeof HEADER_TYPE;
  cwd: string;
}

export function isSessionHeader(entry: unknown): entry is SessionHeader {
  const header = entry as Partial<SessionHeader>;
  return header.type === HEADER_TYPE && typeof header.cwd === "string";
}

/** The directory recorded by a transcript's first line, if it is a header. */
export function headerCwd(firstLine: string): string | undefined {
  if (!firstLine.startsWith(`{"type":"${HEADER_TYPE}"`)) return undefined;
  const entry = parseLine(firstLine);
  return isSessionHeader(entry) ? entry.cwd : undefined;
}

export interface Transcript {
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

export function readTranscript(path: string): Transcript {
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
export function parseLine(line: string): unknown {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

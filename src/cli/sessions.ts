/** `quiver sessions [id]`: the saved chat transcripts, as a table or one transcript. */
import { Session, SessionNotFoundError, listSessions, sessionsDir, type SessionInfo } from "../agent/index.js";
import type { ChatMessage } from "../llm/index.js";
import { CliError, EXIT } from "./exit-codes.js";
import type { SessionsOptions } from "./options.js";
import { styleFor } from "./style.js";

const DEFAULT_LIMIT = 20;

export function listSessionsCommand(opts: SessionsOptions): number {
  const limit = parseLimit(opts.limit);
  const sessions = listSessions({ limit });
  if (opts.json === true) {
    const rows = sessions.map((s) => ({ ...s, created: s.created.toISOString(), updated: s.updated.toISOString() }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  if (sessions.length === 0) {
    process.stdout.write(`No saved sessions in ${sessionsDir()}. Start one with: quiver chat\n`);
    return EXIT.ok;
  }
  process.stdout.write(`${formatSessionTable(sessions)}\nResume one with: quiver chat --resume <id>   (or --continue for the latest of this directory)\n`);
  return EXIT.ok;
}

export function showSessionCommand(id: string, opts: SessionsOptions): number {
  let session: Session;
  try {
    session = Session.open(id);
  } catch (err) {
    if (err instanceof SessionNotFoundError) throw new CliError(err.message);
    throw err;
  }
  if (opts.json === true) {
    process.stdout.write(`${JSON.stringify({ id: session.id, path: session.path, messages: session.messages }, null, 2)}\n`);
    return EXIT.ok;
  }
  const style = styleFor(process.stdout);
  const lines = [style.bold(`Session ${session.id}`) + style.dim(`  (${session.path})`), ""];
  for (const message of session.messages) lines.push(...describeMessage(message, style));
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

/**
 * Rows of id, last activity, message count, directory and first prompt; `current` is marked.
 * `numbered` puts a pick number first; `showDir: false` leaves out the directory (all the same).
 */
export function formatSessionTable(sessions: SessionInfo[], current?: string, opts: { numbered?: boolean; showDir?: boolean } = {}): string {
  const showDir = opts.showDir !== false;
  const header = [...(opts.numbered === true ? ["#"] : []), "ID", "UPDATED", "MSGS", ...(showDir ? ["DIRECTORY"] : []), "FIRST PROMPT"];
  const rows = sessions.map((s, n) => [
    ...(opts.numbered === true ? [String(n + 1)] : []),
    `${s.id}${s.id === current ? " *" : ""}`,
    formatTime(s.updated),
    String(s.messageCount),
    ...(showDir ? [s.cwd === undefined ? "?" : shortDir(s.cwd)] : []),
    truncate(s.firstPrompt === "" ? "(empty)" : s.firstPrompt, 60),
  ]);
  const count = header.indexOf("MSGS");
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((cell, i) => (i === count ? cell.padStart(widths[i]!) : i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/** `~/code/app` for a directory under the home, at most 40 characters (the end kept). */
function shortDir(dir: string): string {
  const home = process.env.HOME ?? "";
  const shown = home !== "" && (dir === home || dir.startsWith(`${home}/`)) ? `~${dir.slice(home.length)}` : dir;
  return shown.length <= 40 ? shown : `…${shown.slice(-39)}`;
}

function describeMessage(message: ChatMessage, style: ReturnType<typeof styleFor>): string[] {
  switch (message.role) {
    case "user":
      return [style.cyan("you › ") + contentText(message.content), ""];
    case "assistant": {
      const out: string[] = [];
      if (message.content !== null && message.content !== "") out.push(message.content);
      for (const call of message.tool_calls ?? []) out.push(style.dim(`  → ${call.function.name} ${truncate(call.function.arguments, 100)}`));
      return [...out, ""];
    }
    case "tool":
      return [style.dim(`  ← ${truncate(contentText(message.content).replace(/\s+/g, " "), 160)}`), ""];
    case "system":
      return [];
  }
}

function contentText(content: string | Array<{ type: string; text?: string }>): string {
  return typeof content === "string" ? content : content.map((part) => (part.type === "text" ? (part.text ?? "") : `[${part.type}]`)).join(" ");
}

function formatTime(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--limit must be a whole number of at least 1, got "${value}"`);
  return n;
}

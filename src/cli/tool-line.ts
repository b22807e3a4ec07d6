/** One line per tool call for the terminal: emoji, name, short arguments, then duration and ok/error. */
import type { ToolEndEvent, ToolStartEvent } from "../agent/index.js";
import { truncateCells } from "./cell-width.js";
import { showControls } from "./control-chars.js";
import type { Style } from "./style.js";

const MAIN_ARGUMENT = ["command", "path", "pattern", "query", "url", "file_path", "name"];

/** The arguments in a few words: the main one when there is one, else `key=value` pairs; one line, capped. */
export function shortArgs(args: Record<string, unknown> | string, max = 60): string {
  if (typeof args === "string") return cap(oneLine(args), max);
  const main = MAIN_ARGUMENT.find((key) => typeof args[key] === "string");
  const text =
    main !== undefined
      ? String(args[main])
      : Object.entries(args)
          .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
          .join(" ");
  return cap(oneLine(text), max);
}

export function toolLabel(event: Pick<ToolStartEvent, "emoji" | "name" | "args">): string {
  const args = shortArgs(event.args);
  return `${event.emoji} ${event.name}${args === "" ? "" : ` ${args}`}`;
}

/**
 * `📖 read_file notes.txt · 3 ms ✓`, or with `✗` and the first words of the error. An approval
 * that no one could give is shown whole on the next line: it says how to allow the call.
 */
export function toolEndLine(start: ToolStartEvent | undefined, end: ToolEndEvent, style: Style): string {
  const label = start === undefined ? `${end.name}` : toolLabel(start);
  const timing = style.dim(`· ${formatDuration(end.duration)}`);
  if (end.ok) return `  ${label} ${timing} ${style.green("✓")}`;
  const error = oneLine(end.error ?? "error");
  if (errorType(end.result) === "approval_required") return `  ${label} ${timing} ${style.yellow("✗ needs approval")}\n    ${style.yellow(error)}`;
  return `  ${label} ${timing} ${style.red(`✗ ${cap(error, 72)}`)}`;
}

/** The `error_type` of a tool's JSON error result, if it has one. */
function errorType(result: string): string | undefined {
  if (!result.startsWith("{") || !result.includes('"error_type"')) return undefined;
  try {
    const type = (JSON.parse(result) as { error_type?: unknown }).error_type;
    return typeof type === "string" ? type : undefined;
  } catch {
    return undefined;
  }
}

/** `42% — step 3/5`, `step 3/5`, or `42%`: how far a running tool has come. */
export function formatProgress(update: { progress: number; total?: number; message?: string }): string {
  const share = update.total !== undefined && update.total > 0 ? `${Math.round((100 * update.progress) / update.total)}%` : undefined;
  const message = update.message?.trim();
  if (share !== undefined && message !== undefined && message !== "") return `${share} — ${cap(oneLine(message), 48)}`;
  return share ?? (message !== undefined && message !== "" ? cap(oneLine(message), 48) : `${update.progress}`);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;
}

/** Whitespace collapsed to single spaces, control characters made visible (the text may come from the model). */
function oneLine(text: string): string {
  return showControls(text.replace(/\s+/g, " ").trim());
}

/** At most `max` terminal cells (an emoji or a CJK character takes two). */
function cap(text: string, max: number): string {
  return truncateCells(text, max);
}

/** The default system prompt: what the agent can do, where it runs, and today's date. */
import { platform } from "node:os";
import { boundaryRule } from "./tool-boundary.js";

export interface SystemPromptContext {
  /** Names of the tools the model is given. */
  tools: readonly string[];
  /** With tool search on: the toolsets whose tools are found with `tool_search` rather than listed. */
  deferredToolsets?: ReadonlyArray<{ name: string; tools: number }>;
  cwd: string;
  /** The tool-output boundary (tool-boundary.ts); the prompt says what its content is worth. */
  boundary?: string;
  now?: Date;
}

/** The prompt up to the boundary rule, as last made: each new conversation asks again with a new boundary only. */
let lastHead: { key: string; text: string } | undefined;

export function defaultSystemPrompt(ctx: SystemPromptContext): string {
  const today = todayText(ctx.now ?? new Date());
  const deferred = ctx.deferredToolsets?.map((t) => `${t.name}:${t.tools}`).join(",") ?? "-";
  const key = `${today}\0${ctx.cwd}\0${ctx.tools.join(",")}\0${deferred}`;
  if (lastHead?.key !== key) lastHead = { key, text: promptHead(ctx, today) };
  return ctx.boundary === undefined ? lastHead.text : `${lastHead.text}\n\n${boundaryRule(ctx.boundary)}`;
}

function promptHead(ctx: SystemPromptContext, today: string): string {
  const tools = ctx.tools.length > 0 ? ctx.tools.join(", ") : "none in this session";
  return [
    "You are quiver, an agent that gets things done on the user's machine by calling tools.",
    capabilities(ctx.tools),
    `Your tools: ${tools}.`,
    ...(ctx.deferredToolsets === undefined ? [] : [toolSearchHint(ctx.deferredToolsets)]),
    "",
    `Working directory: ${ctx.cwd}`,
    `Platform: ${platform()}`,
    `Today: ${today}`,
    "",
    "How to work:",
    "- Look before you act: read files and inspect the system instead of guessing.",
    "- Prefer small, reversible steps; say what you changed.",
    "- When a tool returns an error, read it and adjust the call rather than repeating it unchanged.",
    "- Calls of read-only tools in one reply run in parallel; batch independent reads.",
    "- Answer concisely in Markdown. When you are done, give the result, not a narration of every step.",
  ].join("\n");
}

interface DayFormats {
  tz: string | undefined;
  date: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
  /** The last day formatted (local midnight to midnight, in ms) and its text: one agent after another asks for the same day. */
  day?: { start: number; end: number; text: string };
}

let formats: DayFormats | undefined;

/** "2026-12-03 (Thursday)" in the local time zone. */
function todayText(now: Date): string {
  const f = dayFormats();
  const t = now.getTime();
  if (f.day !== undefined && t >= f.day.start && t < f.day.end) return f.day.text;
  const text = `${f.date.format(now)} (${f.weekday.format(now)})`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  f.day = { start, end: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime(), text };
  return text;
}

/**
 * Made once per time zone: `toLocaleDateString` builds a new formatter per call (~0.1 ms each, on
 * every agent run). A formatter keeps the zone it was made in, so a changed `TZ` makes new ones.
 */
function dayFormats(): DayFormats {
  const tz = process.env.TZ;
  if (formats === undefined || formats.tz !== tz) {
    formats = { tz, date: new Intl.DateTimeFormat("en-CA"), weekday: new Intl.DateTimeFormat("en-US", { weekday: "long" }) };
  }
  return formats;
}

function capabilities(tools: readonly string[]): string {
  const has = (name: string): boolean => tools.includes(name);
  const can: string[] = [];
  if (has("terminal")) can.push("run shell commands");
  if (has("read_file")) can.push("read files");
  if (has("search_files")) can.push("search file names and contents");
  if (has("write_file") || has("patch")) can.push("create and edit files");
  if (tools.some((name) => name.startsWith("mcp__"))) can.push("use tools of connected MCP servers");
  if (can.length > 0) return `You can ${joinList(can)}.`;
  return tools.length > 0 ? "You can use the tools listed below." : "No tools are enabled: answer from your own knowledge.";
}

function toolSearchHint(toolsets: ReadonlyArray<{ name: string; tools: number }>): string {
  const total = toolsets.reduce((n, t) => n + t.tools, 0);
  const names = toolsets.map((t) => `${t.name} (${t.tools})`).join(", ");
  return (
    `More tools exist than are listed: ${total} in the toolsets ${names}. ` +
    'Call tool_search with a few words for what you need (or "select:name_a,name_b" for exact names); ' +
    "the tools it returns can be called by name right after."
  );
}

function joinList(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The project instructions (AGENTS.md and the like) as one section, each file under its path, in
 * the order given (user, project root … working directory): the nearer file is read last and wins.
 */
export function instructionsSection(files: ReadonlyArray<{ path: string; text: string; truncated?: boolean }>): string {
  if (files.length === 0) return "";
  const parts = files.map((f) => `## ${f.path}${f.truncated === true ? " (cut at the size cap)" : ""}\n${f.text.trim()}`);
  return [
    "Project instructions, from the user's own files (user-level first, then from the project root down to the working directory; where they differ, the later file wins). Follow them unless the user says otherwise:",
    "",
    parts.join("\n\n"),
  ].join("\n");
}

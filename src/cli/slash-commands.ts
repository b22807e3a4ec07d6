/** The REPL's slash commands: /help /tools /toolsets /model /reasoning /prompts /cd /undo /reset /sessions /compact /cost /mode /context /exit. */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { Session, listSessions, type Agent } from "../agent/index.js";
import { createChatClient, modelLocation } from "../llm/index.js";
import { getToolDefinitions } from "../calls/model-tools.js";
import { registry } from "../registry/index.js";
import { setHookSession } from "../hooks/hooks.js";
import { closestNames } from "../registry/suggest.js";
import { resolveToolSelection } from "../calls/toolsets.js";
import type { ChatSetup } from "./chat-setup.js";
import { compactCommand, costCommand, modeCommand } from "./context-commands.js";
import { promptsCommand } from "./mcp-prompts.js";
import { customCommandText, type CustomCommand } from "./custom-commands.js";
import { formatSessionTable } from "./sessions.js";
import { showContext } from "./instructions-view.js";
import { firstSentence, type Style } from "./style.js";

export interface SlashContext {
  agent: Agent;
  setup: ChatSetup;
  style: Style;
  print(text: string): void;
}

/** "exit" ends the REPL; `{ send }` sends that text as the user's next message. */
export type SlashOutcome = "exit" | { send: string } | void;

interface SlashCommand {
  usage: string;
  help: string;
  run(ctx: SlashContext, arg: string): Promise<SlashOutcome> | SlashOutcome;
}

const COMMANDS: Record<string, SlashCommand> = {
  help: { usage: "/help", help: "this list", run: (ctx) => ctx.print(helpText(ctx.style, ctx.setup.commands ?? [])) },
  tools: { usage: "/tools", help: "the tools the model can use now", run: showTools },
  toolsets: { usage: "/toolsets", help: "every toolset: enabled here, available, missing env vars", run: showToolsets },
  model: { usage: "/model [name]", help: "show the model and endpoint, or switch to another model", run: model },
  reasoning: { usage: "/reasoning [on|off]", help: "show or hide the model's reasoning (dimmed) as it streams", run: reasoning },
  prompts: { usage: "/prompts [server prompt k=v…]", help: "list MCP servers' prompts, or send one filled in", run: prompts },
  cd: { usage: "/cd [dir]", help: "show or change the working directory (MCP servers get it as their root)", run: changeDirectory },
  undo: { usage: "/undo", help: "restore the files this chat's last turn changed (again: the turn before)", run: undoTurn },
  reset: { usage: "/reset", help: "forget the conversation and start a new session", run: reset },
  sessions: { usage: "/sessions", help: "recent sessions (resume one with quiver chat --resume <id>)", run: sessions },
  compact: { usage: "/compact [focus]", help: "summarise the earlier conversation now, to free context (optionally: what to keep)", run: compactCommand },
  cost: { usage: "/cost", help: "tokens in/out/cached of this session, and the cost where the price is known", run: costCommand },
  mode: { usage: "/mode [default|plan|accept-edits]", help: "show or switch the permission mode", run: modeCommand },
  context: { usage: "/context", help: "the project instructions (AGENTS.md) in use and the conversation's size", run: showContext },
  exit: { usage: "/exit", help: "leave (Ctrl-D does the same)", run: () => "exit" },
};

const ALIASES: Record<string, string> = { quit: "exit", q: "exit", "?": "help", clear: "reset" };

/** The command names Tab completes (every entry of the table, so a command added there completes too). */
export function slashCommandNames(): string[] {
  return Object.keys(COMMANDS);
}

/** Runs one `/command [arg]` line; "exit" asks the REPL to end. */
export async function runSlashCommand(line: string, ctx: SlashContext): Promise<SlashOutcome> {
  const [word = "", ...rest] = line.slice(1).trim().split(/\s+/);
  const name = ALIASES[word] ?? word;
  const command = COMMANDS[name];
  const custom = command === undefined ? customCommandText(line, ctx.setup.commands ?? []) : undefined;
  if (custom !== undefined) return { send: custom };
  if (command === undefined) {
    const near = closestNames(word, Object.keys(COMMANDS));
    const hint = near.length > 0 ? ` Did you mean ${near.map((n) => `/${n}`).join(" or ")}?` : "";
    ctx.print(ctx.style.yellow(`Unknown command /${word}.${hint} /help lists the commands.`));
    return;
  }
  return command.run(ctx, rest.join(" "));
}

function helpText(style: Style, custom: readonly CustomCommand[]): string {
  const own = custom.filter((c) => COMMANDS[c.name] === undefined).map((c) => ({ usage: `/${c.name}${c.argumentHint === undefined ? "" : ` ${c.argumentHint}`}`, help: c.description }));
  const width = Math.max(...[...Object.values(COMMANDS), ...own].map((c) => c.usage.length));
  const lines = Object.values(COMMANDS).map((c) => `  ${style.cyan(c.usage.padEnd(width))}  ${c.help}`);
  const customLines = own.map((c) => `  ${style.cyan(c.usage.padEnd(width))}  ${c.help}`);
  return [
    "Commands:",
    ...lines,
    ...(customLines.length > 0 ? ["", "Your commands (commands/*.md):", ...customLines] : []),
    "",
    "Keys: Enter sends · Alt+Enter or Ctrl-J (or a trailing \\) starts a new line · Tab completes /commands and @paths · Ctrl-C interrupts a running turn (at an empty prompt: exits) · Ctrl-D exits · ↑/↓ history",
    "Input: @path attaches a file, folder listing or glob · !command runs a shell command of your own; its output goes with your next message",
  ].join("\n");
}

async function showTools(ctx: SlashContext): Promise<void> {
  const definitions = await getToolDefinitions(ctx.setup.selection);
  if (definitions.length === 0) {
    ctx.print("No tools are enabled. --toolsets chooses them; /toolsets shows what exists.");
    return;
  }
  const width = Math.max(...definitions.map((d) => d.function.name.length));
  for (const { function: fn } of definitions) {
    ctx.print(`  ${registry.getEmoji(fn.name)}  ${fn.name.padEnd(width)}  ${ctx.style.dim(firstSentence(fn.description ?? ""))}`);
  }
}

async function showToolsets(ctx: SlashContext): Promise<void> {
  const report = await registry.getAvailableToolsets();
  const { enabledToolsets, disabledToolsets } = ctx.setup.selection;
  const enabled = resolveToolSelection(enabledToolsets, disabledToolsets);
  for (const [name, info] of Object.entries(report)) {
    const on = info.tools.some((tool) => enabled.has(tool));
    const mark = !info.available ? ctx.style.red("✗") : on ? ctx.style.green("●") : ctx.style.dim("○");
    const missing = info.requirements.filter((v) => (process.env[v] ?? "") === "");
    const notes = [
      `${info.tools.length} tool${info.tools.length === 1 ? "" : "s"}`,
      on ? "enabled" : "not enabled",
      ...(missing.length > 0 ? [`missing env: ${missing.join(", ")}`] : []),
    ];
    ctx.print(`  ${mark} ${name}  ${ctx.style.dim(`${info.description} (${notes.join(", ")})`)}`);
  }
  ctx.print(ctx.style.dim("  ● enabled  ○ available, not enabled  ✗ unavailable · choose with --toolsets / --disable-toolsets"));
}

function model(ctx: SlashContext, arg: string): void {
  const { settings } = ctx.setup;
  if (arg === "") {
    ctx.print(`Model ${ctx.style.bold(settings.model)} at ${modelLocation(settings.model, settings.baseUrl)}`);
    ctx.print(ctx.style.dim("/model NAME switches models for the rest of this session."));
    return;
  }
  // What self-healing learned about this endpoint holds for the new model too.
  const compat = { ...ctx.setup.client.compat };
  ctx.setup.settings = { ...settings, model: arg, compat, source: { ...settings.source, model: { from: "flag", name: "/model" } } };
  ctx.setup.client = createChatClient(ctx.setup.settings, ctx.setup.clientOptions);
  ctx.agent.useClient(ctx.setup.client);
  ctx.print(`Now using ${ctx.style.bold(arg)} at ${modelLocation(arg, settings.baseUrl)}.`);
}

function reasoning(ctx: SlashContext, arg: string): void {
  const word = arg.trim().toLowerCase();
  if (word === "on" || word === "off") ctx.setup.showReasoning = word === "on";
  else if (word !== "") {
    ctx.print(ctx.style.yellow(`/reasoning takes on or off, not "${arg.trim()}".`));
    return;
  }
  ctx.print(`Reasoning is ${ctx.setup.showReasoning ? "shown (dimmed)" : "hidden"}; it is kept in the transcript either way.`);
}

function reset(ctx: SlashContext): void {
  const session = Session.create({ save: ctx.setup.session.saved });
  ctx.agent.reset(session);
  ctx.setup.session = session;
  setHookSession(session.id, session.path);
  ctx.print(`Started a new conversation (session ${session.id}).`);
}

function sessions(ctx: SlashContext): void {
  const recent = listSessions({ limit: 10 });
  if (recent.length === 0) {
    ctx.print("No saved sessions yet.");
    return;
  }
  ctx.print(formatSessionTable(recent, ctx.setup.session.id));
  ctx.print(ctx.style.dim("Resume one later with: quiver chat --resume <id>"));
}

async function undoTurn(ctx: SlashContext): Promise<void> {
  const [{ undo, UndoError }, { formatUndo }, { storeOptions }, { loadConfig }] = await Promise.all([
    import("../checkpoints/index.js"),
    import("./checkpoints-cli.js"),
    import("./checkpoint-hook.js"),
    import("../config/config.js"),
  ]);
  try {
    const result = await undo({ cwd: process.cwd(), sessionId: ctx.setup.session.id, ...storeOptions(await loadConfig()) });
    ctx.print(formatUndo(result, ctx.style));
  } catch (err) {
    if (!(err instanceof UndoError)) throw err;
    ctx.print(ctx.style.yellow(`/undo: ${err.message}`));
  }
}

async function prompts(ctx: SlashContext, arg: string): Promise<SlashOutcome> {
  const text = await promptsCommand(arg, ctx.setup.mcp, ctx.print);
  return text === undefined ? undefined : { send: text };
}

async function changeDirectory(ctx: SlashContext, arg: string): Promise<void> {
  if (arg === "") {
    ctx.print(process.cwd());
    return;
  }
  const target = resolve(arg.replace(/^~(?=$|\/)/, process.env.HOME ?? "~"));
  const isDir = await stat(target).then((s) => s.isDirectory(), () => false);
  if (!isDir) {
    ctx.print(ctx.style.yellow(`/cd: ${target} is not a directory; staying in ${process.cwd()}`));
    return;
  }
  process.chdir(target);
  await ctx.setup.mcp?.notifyRootsChanged();
  ctx.print(`Working directory: ${target}`);
}



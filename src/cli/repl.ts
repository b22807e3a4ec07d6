/**
 * The interactive chat: a `node:readline` prompt with history, the reply streamed as Markdown,
 * one line per tool call, slash commands, and inline approval prompts. Ctrl-C during a turn
 * interrupts it and returns to the prompt; Ctrl-C at an empty prompt, or Ctrl-D, exits.
 */
import { basename } from "node:path";
import type { ToolReload } from "../registry/watch-tools.js";
import { createInterface, type Interface } from "node:readline";
import { ModelError, modelLocation } from "../llm/index.js";
import { getToolDefinitions } from "../calls/model-tools.js";
import { quiverPath } from "../registry/index.js";
import { createApprover } from "./approval-prompt.js";
import { ruleScopes } from "./permission-config.js";
import { createElicitationHandler } from "./mcp-elicitation.js";
import { attachResources } from "./mcp-prompts.js";
import { createSamplingHandler } from "./mcp-sampling.js";
import { createAgent, type ChatSetup } from "./chat-setup.js";
import { EXIT } from "./exit-codes.js";
import { InputHistory } from "./input-history.js";
import { loadMarkdownRenderer } from "./render-markdown.js";
import { runSlashCommand, type SlashContext } from "./slash-commands.js";
import { styleFor, type Style } from "./style.js";
import { TurnView } from "./turn-view.js";

export async function runRepl(setup: ChatSetup): Promise<number> {
  const input = process.stdin;
  const output = process.stdout;
  const terminal = input.isTTY === true && output.isTTY === true;
  const style = styleFor(output);
  void loadMarkdownRenderer().catch(() => undefined);

  const history = new InputHistory(quiverPath("chat_history"));
  const rl = createInterface({ input, output, terminal, history: history.load(), historySize: 1000, removeHistoryDuplicates: true });
  rl.setPrompt(style.cyan("❯ "));
  const lines = rl[Symbol.asyncIterator]();
  const state: { turn: AbortController | undefined; closed: boolean; leaving: boolean } = { turn: undefined, closed: false, leaving: false };

  const view = new TurnView({ text: output, lines: output, spinner: process.stderr, reasoning: output, showReasoning: () => setup.showReasoning });
  const approver = createApprover({ yes: setup.yes, sessionChoice: true, rules: ruleScopes(), output, ask: (question) => askInline(rl, question, state) });
  const agent = createAgent(setup, {
    onEvent: (event) => view.handle(event),
    approve: (request) => {
      view.pause();
      return approver(request);
    },
  });
  const print = (text: string): void => void output.write(`${text}\n`);
  const askUser = (question: string): Promise<string> => {
    view.pause();
    return askInline(rl, question, state);
  };
  setup.mcp?.setInteraction({
    sampling: createSamplingHandler(() => setup.client, (request) => {
      view.pause();
      return approver(request);
    }),
    elicitation: terminal ? createElicitationHandler({ ask: askUser, print }) : undefined,
  });
  setup.onToolReload((reload) => {
    const line = reloadLine(reload);
    if (line === undefined) return;
    // At the prompt, the note goes above it and the prompt (with what was typed) is redrawn.
    if (!terminal || state.turn !== undefined || state.closed) return print(style.dim(line));
    output.write(`\r\x1b[K${style.dim(line)}\n`);
    rl.prompt(true);
  });
  const ctx: SlashContext = { agent, setup, style, print };

  const interrupt = (): void => {
    if (state.turn !== undefined) {
      state.turn.abort();
      return;
    }
    if (rl.line === "") {
      output.write("\n");
      state.leaving = true;
      rl.close();
      return;
    }
    // A half-typed line is dropped, as shells do.
    rl.write(null, { ctrl: true, name: "e" });
    rl.write(null, { ctrl: true, name: "u" });
  };
  rl.on("SIGINT", interrupt);
  rl.on("close", () => {
    // Ctrl-D leaves the cursor on the prompt line.
    if (terminal && !state.leaving) output.write("\n");
    state.closed = true;
    // Ctrl-D on a terminal means "leave now"; the end of piped input lets queued lines finish.
    if (terminal) state.turn?.abort();
  });
  // Without a terminal, Ctrl-C arrives as a signal rather than a keypress.
  if (!terminal) process.on("SIGINT", interrupt);

  try {
    print(await banner(setup, style));
    if (setup.firstMessage !== undefined) {
      history.add(setup.firstMessage);
      print(`${style.cyan("❯ ")}${setup.firstMessage}`);
      await runTurn(setup.firstMessage);
    }
    for (;;) {
      if (state.closed && terminal) break;
      if (!state.closed) rl.prompt();
      const next = await lines.next();
      if (next.done === true) break;
      const text = next.value.trim();
      if (text === "") continue;
      history.add(text);
      if (text.startsWith("/")) {
        const outcome = await runSlashCommand(text, ctx);
        if (outcome === "exit") break;
        if (outcome !== undefined) await runTurn(outcome.send);
        continue;
      }
      await runTurn(await attachResources(text, setup.mcp, (note) => print(style.dim(note))));
    }
  } finally {
    process.off("SIGINT", interrupt);
    state.leaving = true;
    rl.close();
  }
  if (setup.session.messages.length > 0) print(style.dim(`Session ${setup.session.id} saved. Continue it with: quiver chat --resume ${setup.session.id}`));
  return EXIT.ok;

  async function runTurn(text: string): Promise<void> {
    const controller = new AbortController();
    state.turn = controller;
    try {
      await setup.toolsReady();
      await agent.run(text, { signal: controller.signal });
    } catch (err) {
      const message = err instanceof ModelError ? err.message : `unexpected error: ${(err as Error)?.stack ?? String(err)}`;
      print(style.red(`✗ ${message}`));
    } finally {
      state.turn = undefined;
    }
    print("");
  }
}

/** An approval question asked on the REPL's own readline; a closed prompt answers "no". */
function askInline(rl: Interface, question: string, state: { closed: boolean }): Promise<string> {
  if (state.closed) return Promise.resolve("n");
  return new Promise((resolve) => {
    const onClose = (): void => resolve("n");
    rl.once("close", onClose);
    rl.question(question, (answer) => {
      rl.off("close", onClose);
      // Approval answers are not chat input: keep them out of the ↑ history.
      const lineHistory = (rl as Interface & { history?: string[] }).history;
      if (lineHistory?.[0] === answer) lineHistory.shift();
      resolve(answer);
    });
  });
}

async function banner(setup: ChatSetup, style: Style): Promise<string> {
  const tools = await getToolDefinitions(setup.selection);
  const provider = setup.settings.provider === undefined ? "" : ` (${setup.settings.provider})`;
  const head = `${style.bold("quiver")} · ${setup.settings.model} at ${modelLocation(setup.settings.model, setup.settings.baseUrl)}${provider} · ${tools.length} tools · session ${setup.session.id}`;
  const lines = [head, style.dim("/help for commands · Ctrl-C interrupts · Ctrl-D exits")];
  const sandbox = (await import("../sandbox/status.js")).sandboxBannerLine();
  if (sandbox !== undefined) lines.push(style.dim(sandbox));
  if (setup.resumed) lines.push(resumeSummary(setup, style));
  return lines.join("\n");
}

function resumeSummary(setup: ChatSetup, style: Style): string {
  const messages = setup.session.messages;
  const lastAnswer = [...messages].reverse().find((m) => m.role === "assistant" && typeof m.content === "string" && m.content !== "");
  const excerpt = lastAnswer === undefined ? "" : `\n${style.dim(`Last answer: ${String(lastAnswer.content).replace(/\s+/g, " ").slice(0, 160)}`)}`;
  return `Resumed ${messages.length} messages.${excerpt}`;
}

/** "↻ reloaded roll_dice"; a file that failed is already reported by its warning. */
function reloadLine(reload: ToolReload): string | undefined {
  if (reload.kind === "failed") return undefined;
  if (reload.kind === "removed") return `↻ removed ${reload.previous.join(", ")}`;
  return `↻ reloaded ${reload.tools.length > 0 ? reload.tools.join(", ") : `${basename(reload.file)} (no tools)`}`;
}

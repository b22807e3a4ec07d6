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
import { quiverPath, setLogWriter } from "../registry/index.js";
import { createApprover } from "./approval-prompt.js";
import { ruleScopes } from "./permission-config.js";
import { chatCaller } from "./chat-caller.js";
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
  const state: ReplState = { turn: undefined, closed: false, leaving: false, asking: false };

  const view = new TurnView({ text: output, lines: output, spinner: process.stderr, reasoning: output, showReasoning: () => setup.showReasoning });
  const approver = createApprover({ yes: setup.yes, sessionChoice: true, rules: ruleScopes(), output, ask: (question) => askInline(rl, question, state) });
  const print = (text: string): void => void output.write(`${text}\n`);
  const askUser = (question: string): Promise<string> => {
    view.pause();
    return askInline(rl, question, state);
  };
  // MCP servers' requests and the tools' own ctx.elicit / ctx.sample share one UI.
  const interaction = {
    sampling: createSamplingHandler(() => setup.client, (request) => {
      view.pause();
      return approver(request);
    }),
    elicitation: terminal ? createElicitationHandler({ ask: askUser, print }) : undefined,
  };
  setup.mcp?.setInteraction(interaction);
  const agent = createAgent(setup, {
    onEvent: (event) => view.handle(event),
    approve: (request) => {
      view.pause();
      return approver(request);
    },
    caller: chatCaller(interaction),
  });
  // A note that arrives while the user types goes above the prompt, which is redrawn with what was typed.
  const above = (line: string): void => {
    if (!terminal || state.closed) return print(line);
    output.write(`\r\x1b[K${line}\n`);
    if (state.turn === undefined || state.asking) rl.prompt(true);
  };
  setup.onToolReload((reload) => {
    const line = reloadLine(reload);
    if (line !== undefined) above(style.dim(line));
  });
  // Warnings (a tool file that fails to load, a watch lost) take the same way on a terminal.
  const restoreLog = terminal && process.stderr.isTTY === true ? setLogWriter((line) => above(line.replace(/\n$/, ""))) : undefined;
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
    restoreLog?.();
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

interface ReplState {
  turn: AbortController | undefined;
  closed: boolean;
  leaving: boolean;
  /** An approval question is on the prompt line. */
  asking: boolean;
}

/**
 * An approval question asked on the REPL's own readline; a closed prompt or Ctrl-C answers "no".
 * Ctrl-C also withdraws the question, so the next line typed is chat input, not its answer.
 */
function askInline(rl: Interface, question: string, state: ReplState): Promise<string> {
  if (state.closed) return Promise.resolve("n");
  return new Promise((resolve) => {
    const cancel = new AbortController();
    const finish = (answer: string): void => {
      rl.off("close", onClose);
      rl.off("SIGINT", onInterrupt);
      state.asking = false;
      resolve(answer);
    };
    const onClose = (): void => finish("n");
    const onInterrupt = (): void => {
      // Withdrawing the question also restores the chat prompt and ends the line (readline's clearLine).
      cancel.abort();
      finish("n");
    };
    rl.once("close", onClose);
    rl.once("SIGINT", onInterrupt);
    state.asking = true;
    rl.question(question, { signal: cancel.signal }, (answer) => {
      // Approval answers are not chat input: keep them out of the ↑ history.
      const lineHistory = (rl as Interface & { history?: string[] }).history;
      if (lineHistory?.[0] === answer) lineHistory.shift();
      finish(answer);
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

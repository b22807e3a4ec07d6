/**
 * Draws an agent run in the terminal: a spinner (stderr, TTY only) while the model thinks or
 * tools run, the reply streamed as Markdown, and one line per finished tool call.
 */
import type { AgentEvent, CompactionEvent, ToolStartEvent } from "../agent/index.js";
import { MarkdownStream } from "./render-markdown.js";
import { Spinner } from "./spinner.js";
import { styleFor, type Style } from "./style.js";
import { formatDuration, formatProgress, toolEndLine, toolLabel } from "./tool-line.js";

type Out = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };

export interface TurnViewOptions {
  /** Where the reply streams (REPL); omit to not show reply text (one-shot prints the answer itself). */
  text?: Out;
  /** Where tool lines, retries and notes go. */
  lines: Out;
  /** Where the spinner spins (only if it is a TTY). */
  spinner: Out;
  /** Show the text that comes with tool calls on `lines` (one-shot progress). */
  narrate?: boolean;
  /** Where reasoning streams, dimmed; omit to not show it. */
  reasoning?: Out;
  /** Read at each reasoning piece, so `/reasoning off` takes effect at once (default: shown). */
  showReasoning?: () => boolean;
  /** Keep the spinner up while the reply streams, counting it (one-shot with stdout not on this terminal). */
  countReply?: boolean;
}

export class TurnView {
  readonly #opts: TurnViewOptions;
  readonly #spinner: Spinner;
  readonly #markdown: MarkdownStream | undefined;
  readonly #style: Style;
  readonly #running = new Map<string, ToolStartEvent>();
  readonly #started = new Map<string, ToolStartEvent>();
  /** Reasoning is on screen and not yet closed by a newline. */
  #reasoningOpen = false;
  /** Characters of the reply streamed so far in this model call. */
  #replyChars = 0;
  /** The latest progress text of each running tool. */
  readonly #progress = new Map<string, string>();

  constructor(opts: TurnViewOptions) {
    this.#opts = opts;
    this.#spinner = new Spinner(opts.spinner);
    this.#markdown = opts.text === undefined ? undefined : new MarkdownStream(opts.text);
    this.#style = styleFor(opts.lines);
  }

  handle(event: AgentEvent): void {
    switch (event.type) {
      case "model_start":
        this.#replyChars = 0;
        return this.#spin(event.iteration > 1 ? `thinking… (step ${event.iteration})` : "thinking…");
      case "reasoning":
        return this.#reason(event.text);
      case "assistant_delta":
        this.#closeReasoning();
        this.#markdown?.push(event.text);
        this.#replyChars += event.text.length;
        if (this.#opts.countReply === true) return this.#spin(`receiving the answer… ${this.#replyChars.toLocaleString("en-US")} characters`);
        this.#spinner.stop();
        return;
      case "assistant_message":
        this.#spinner.stop();
        this.#closeReasoning();
        this.#markdown?.end();
        if (this.#opts.narrate === true && event.toolCalls.length > 0 && event.content !== null && event.content.trim() !== "") {
          this.#line(this.#style.dim(event.content.trim()));
        }
        return;
      case "tool_start":
        this.#running.set(event.id, event);
        this.#started.set(event.id, event);
        return this.#spinTools();
      case "tool_progress":
        this.#progress.set(event.id, formatProgress(event));
        return this.#spinTools();
      case "tool_end":
        this.#running.delete(event.id);
        this.#progress.delete(event.id);
        this.#spinner.stop();
        this.#line(toolEndLine(this.#started.get(event.id), event, this.#style));
        this.#started.delete(event.id);
        return this.#spinTools();
      case "retry":
        this.#spinner.stop();
        // A delay of 0 is a changed request sent at once (smaller tools for a small context), not a wait.
        this.#line(this.#style.yellow(`  ↻ ${event.message}${event.delay > 0 ? ` Retrying in ${formatDuration(event.delay)}.` : ""}`));
        return this.#spin("waiting to retry…");
      case "turn_end":
        this.#spinner.stop();
        this.#markdown?.end();
        if (event.status === "max_iterations") {
          const calls = event.iterations - 1;
          this.#line(this.#style.yellow(`(stopped after ${calls} model call${calls === 1 ? "" : "s"} with tools: the iteration budget; --max-iterations raises it)`));
        }
        if (event.status === "interrupted") this.#line(this.#style.yellow("⏹ interrupted"));
        if (event.status === "blocked") this.#line(this.#style.yellow(`⛔ not sent: a UserPromptSubmit hook blocked it: ${event.content ?? ""}`));
        return;
      case "checkpoint":
        // Only a new one: a reused checkpoint means nothing changed since the last turn's.
        if (!event.reused) this.#line(this.#style.dim(`  ⛁ checkpoint ${event.id} (${event.files} files) · undo reverts this turn`));
        return;
      case "compaction":
        this.#spinner.stop();
        this.#line(this.#style.dim(`  ⟳ ${compactionLine(event)}`));
        return;
      case "error":
        this.#spinner.stop();
        this.#markdown?.end();
        return;
    }
  }

  #reason(text: string): void {
    const out = this.#opts.reasoning;
    if (out === undefined || this.#opts.showReasoning?.() === false) return;
    this.#spinner.stop();
    out.write(styleFor(out).dim(text));
    this.#reasoningOpen = !text.endsWith("\n");
  }

  #closeReasoning(): void {
    if (!this.#reasoningOpen) return;
    this.#reasoningOpen = false;
    this.#opts.reasoning?.write("\n");
  }

  /** Clears the spinner before someone else writes (an approval prompt). */
  pause(): void {
    this.#spinner.stop();
  }

  #spin(label: string): void {
    this.#spinner.start(label);
  }

  #spinTools(): void {
    const running = [...this.#running.values()];
    if (running.length === 0) return this.#spinner.stop();
    if (running.length === 1) {
      const progress = this.#progress.get(running[0]!.id);
      return this.#spin(`${toolLabel(running[0]!)}${progress !== undefined ? ` · ${progress}` : ""}`);
    }
    return this.#spin(`${running.length} tools running: ${running.map((e) => e.name).join(", ")}`);
  }

  #line(text: string): void {
    this.#spinner.stop();
    this.#opts.lines.write(`${text}\n`);
  }
}

/** "compacted 40 messages (threshold): ~3,100 → ~900 tokens of 4,096". */
export function compactionLine(event: CompactionEvent): string {
  const n = (x: number): string => x.toLocaleString("en-US");
  const window = event.window === undefined ? "" : ` of ${n(event.window)}`;
  const why = { threshold: "context nearly full", overflow: "the model refused the request's size", manual: "/compact" }[event.reason];
  return `compacted ${event.compacted} earlier messages into a summary (${why}): ~${n(event.tokensBefore)} → ~${n(event.tokensAfter)} tokens${window}`;
}

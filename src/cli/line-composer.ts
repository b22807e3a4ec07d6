/**
 * Turns the lines readline gives into chat messages: a bracketed paste is one message however
 * many lines it has; Alt+Enter or Ctrl-J starts a new line instead of sending; a line ending in
 * `\` goes on in the next. Continuation lines get a `… ` prompt. Without a terminal each line is
 * a message, as before (a trailing `\` still continues it).
 */
import type { Interface } from "node:readline";

const PASTE_ON = "\x1b[?2004h";
const PASTE_OFF = "\x1b[?2004l";

interface Key {
  name?: string;
  meta?: boolean;
  ctrl?: boolean;
  sequence?: string;
}

type LineKind = "submit" | "newline" | "paste";

export interface LineComposerOptions {
  rl: Interface;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  terminal: boolean;
  /** The prompt of a continuation line (default a dimmed "… "). */
  continuation: string;
}

export class LineComposer {
  readonly #rl: Interface;
  readonly #options: LineComposerOptions;
  #pasting = false;
  /** The line readline is about to emit was ended by the newline key, not Enter. */
  #newlineKey = false;
  #parts: string[] = [];
  #mainPrompt: string;
  readonly #ready: string[] = [];
  readonly #waiting: Array<(message: string | undefined) => void> = [];
  #closed = false;
  /** The last chunk read: Ctrl-J comes alone, while "\n" inside a longer chunk is typed-ahead Enter (cooked mode). */
  #lastChunk = "";

  constructor(options: LineComposerOptions) {
    this.#options = options;
    this.#rl = options.rl;
    this.#mainPrompt = options.rl.getPrompt();
    if (options.terminal) {
      options.input.prependListener("data", this.#onData);
      options.input.prependListener("keypress", this.#onKey);
      options.output.write(PASTE_ON);
    }
    options.rl.on("line", (line: string) => this.#onLine(line));
    options.rl.on("close", () => this.#onClose());
  }

  /** The next whole message; undefined once input has ended and every message was taken. */
  next(): Promise<string | undefined> {
    const ready = this.#ready.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** True while a message is being composed over several lines. */
  get composing(): boolean {
    return this.#parts.length > 0;
  }

  /** Drops what was composed so far (Ctrl-C at a continuation line). */
  discard(): void {
    this.#parts = [];
    this.#restorePrompt();
  }

  dispose(): void {
    this.#options.input.off("keypress", this.#onKey);
    this.#options.input.off("data", this.#onData);
    if (this.#options.terminal) this.#options.output.write(PASTE_OFF);
  }

  readonly #onData = (chunk: Buffer | string): void => {
    this.#lastChunk = typeof chunk === "string" ? chunk : chunk.toString("utf8");
  };

  // Runs before readline's own handler, so the kind of the line it emits next is known.
  readonly #onKey = (_text: string | undefined, key: Key | undefined): void => {
    if (key === undefined) return;
    if (key.name === "paste-start") this.#pasting = true;
    else if (key.name === "paste-end") this.#endPaste();
    else if (this.#pasting) return;
    else if (key.name === "enter" && key.sequence === "\n" && this.#lastChunk === "\n") this.#newlineKey = true;
    else if (key.name === "return" && key.meta === true) {
      // readline ignores Alt+Enter: end the line ourselves.
      this.#newlineKey = true;
      this.#rl.write("\n");
    }
  };

  #endPaste(): void {
    this.#pasting = false;
    // The paste's lines moved the cursor down without a prompt: show where the message goes on.
    if (this.#parts.length > 0) this.#continuationPrompt();
  }

  #onLine(line: string): void {
    const kind: LineKind = this.#pasting ? "paste" : this.#newlineKey ? "newline" : "submit";
    this.#newlineKey = false;
    if (kind === "paste") {
      this.#parts.push(line);
      return;
    }
    if (kind === "newline" || /(^|[^\\])\\$/.test(line)) {
      this.#parts.push(kind === "newline" ? line : line.slice(0, -1));
      this.#continuationPrompt();
      return;
    }
    const message = [...this.#parts, line].join("\n");
    this.#parts = [];
    this.#restorePrompt();
    this.#deliver(message);
  }

  #continuationPrompt(): void {
    if (this.#rl.getPrompt() !== this.#options.continuation) {
      this.#mainPrompt = this.#rl.getPrompt();
      this.#rl.setPrompt(this.#options.continuation);
    }
    if (this.#options.terminal) this.#rl.prompt(true);
  }

  #restorePrompt(): void {
    if (this.#rl.getPrompt() === this.#options.continuation) this.#rl.setPrompt(this.#mainPrompt);
  }

  #deliver(message: string): void {
    const waiter = this.#waiting.shift();
    if (waiter !== undefined) waiter(message);
    else this.#ready.push(message);
  }

  #onClose(): void {
    // Piped input that ends inside a continued message still sends what it has.
    if (this.#parts.length > 0) this.#deliver(this.#parts.splice(0).join("\n"));
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter(undefined);
  }
}

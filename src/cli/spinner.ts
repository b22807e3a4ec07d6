/**
 * A one-line spinner on a TTY stream (stderr): shown while the model thinks or a tool runs,
 * erased before anything else is printed. On a non-TTY stream it does nothing at all.
 */
import { truncateCells } from "./cell-width.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;

export class Spinner {
  readonly #stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  #timer: NodeJS.Timeout | undefined;
  #label = "";
  #frame = 0;

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }) {
    this.#stream = stream;
  }

  get active(): boolean {
    return this.#timer !== undefined;
  }

  /** Shows (or relabels) the spinner. */
  start(label: string): void {
    if (this.#stream.isTTY !== true) return;
    this.#label = label;
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => this.#draw(), INTERVAL_MS);
      this.#timer.unref();
    }
    this.#draw();
  }

  /** Erases the spinner line; the cursor is left at the start of that (now empty) line. */
  stop(): void {
    if (this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stream.write("\r\x1b[2K");
  }

  #draw(): void {
    const frame = FRAMES[this.#frame++ % FRAMES.length]!;
    const width = (this.#stream.columns ?? 80) > 0 ? (this.#stream.columns ?? 80) : 80;
    const line = `${frame} ${this.#label}`;
    this.#stream.write(`\r\x1b[2K\x1b[2m${truncateCells(line, width - 1, "")}\x1b[22m`);
  }
}

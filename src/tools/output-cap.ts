/**
 * Caps long text to a budget, keeping the first 40% and the last 60%: the start says what
 * ran, the end holds the result and the errors. Streaming, so a command that prints
 * gigabytes never holds more than about twice the budget in memory.
 */
const DEFAULT_MAX_OUTPUT_CHARS = 50_000;
const HEAD_SHARE = 0.4;

export class HeadTailBuffer {
  readonly #max: number;
  readonly #headMax: number;
  readonly #tailMax: number;
  #head = "";
  #tail: string[] = [];
  #tailLength = 0;
  #total = 0;

  constructor(maxChars = DEFAULT_MAX_OUTPUT_CHARS) {
    if (!(maxChars > 0)) throw new RangeError(`maxChars must be positive, got ${maxChars}`);
    this.#max = Math.floor(maxChars);
    this.#headMax = Math.floor(this.#max * HEAD_SHARE);
    this.#tailMax = this.#max - this.#headMax;
  }

  /** Characters pushed so far, kept or not. */
  get totalChars(): number {
    return this.#total;
  }

  push(text: string): void {
    if (text === "") return;
    this.#total += text.length;
    const room = this.#headMax - this.#head.length;
    if (room > 0) {
      this.#head += text.slice(0, room);
      text = text.slice(room);
      if (text === "") return;
    }
    this.#tail.push(text);
    this.#tailLength += text.length;
    // Compact only once the tail is twice its budget, so the cost stays linear.
    if (this.#tailLength > 2 * this.#tailMax) this.#compactTail();
  }

  /** The whole text when it fits, else head + marker + tail, `maxChars` long in total. */
  toString(): string {
    const tail = this.#tail.join("");
    if (this.#total <= this.#max) return this.#head + tail;
    // The marker is paid for out of the budget, split 40/60 like the rest.
    const probe = marker(this.#total, this.#total, this.#total);
    const budget = Math.max(0, this.#max - probe.length);
    const headKeep = Math.floor(budget * HEAD_SHARE);
    const tailKeep = budget - headKeep;
    const cut = this.#total - headKeep - tailKeep;
    const text = marker(cut, headKeep + tailKeep, this.#total);
    return this.#head.slice(0, headKeep) + text + tail.slice(tail.length - tailKeep);
  }

  #compactTail(): void {
    const joined = this.#tail.join("");
    const kept = joined.slice(joined.length - this.#tailMax);
    this.#tail = [kept];
    this.#tailLength = kept.length;
  }
}

function marker(cut: number, kept: number, total: number): string {
  return `\n\n... [output truncated: ${cut} chars cut from the middle; ${kept} of ${total} chars kept (first 40%, last 60%)] ...\n\n`;
}

/** Caps a complete string the same way the streaming buffer does. */
export function capOutput(text: string, maxChars = DEFAULT_MAX_OUTPUT_CHARS): string {
  const buffer = new HeadTailBuffer(maxChars);
  buffer.push(text);
  return buffer.toString();
}

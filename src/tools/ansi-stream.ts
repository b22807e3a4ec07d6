import stripAnsi from "strip-ansi";

// An escape sequence longer than this is not one we would recognise anyway.
const MAX_PENDING = 512;
// The start of a CSI (`ESC [ 3 1 ;`) or OSC (`ESC ] 8 ; ; url`) sequence whose end has not arrived.
const UNFINISHED = /^(?:[\u001b\u009b](?:\[[\d;?]*)?|\u001b\][^\u0007\u001b\u009c]*\u001b?)$/;

/**
 * Strips ANSI codes from text that arrives in chunks. A sequence split across two chunks
 * would slip through a per-chunk strip, so an unfinished one at a chunk's end is held back
 * and prepended to the next chunk.
 */
export class AnsiStripper {
  #pending = "";

  push(chunk: string): string {
    const text = this.#pending + chunk;
    this.#pending = "";
    const lastEsc = Math.max(text.lastIndexOf("\u001b"), text.lastIndexOf("\u009b"));
    if (lastEsc >= 0 && text.length - lastEsc <= MAX_PENDING && UNFINISHED.test(text.slice(lastEsc))) {
      this.#pending = text.slice(lastEsc);
      return stripAnsi(text.slice(0, lastEsc));
    }
    return stripAnsi(text);
  }

  /** Whatever is still held back; a sequence that never finished is dropped. */
  flush(): string {
    const rest = this.#pending;
    this.#pending = "";
    return UNFINISHED.test(rest) ? "" : stripAnsi(rest);
  }
}

/**
 * Reads a window of lines from a text file in one streaming pass, counting every line, so
 * a large file costs memory only for the window. A window that grows past `maxChars` stops
 * collecting text (the size is still measured) so a giant line cannot exhaust memory.
 */
import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";

export interface LineWindow {
  /** The window's lines, without line terminators (a trailing `\r` is dropped too). Empty when oversized. */
  lines: string[];
  totalLines: number;
  /** Characters in the window, newlines included. */
  windowChars: number;
  oversized: boolean;
  /** The longest line in the window, in characters. */
  longestLine: number;
}

/** `offset` is 1-based; the window is lines offset … offset+limit-1. An open handle is read from the start and left open. */
export async function readLineWindow(file: string | FileHandle, offset: number, limit: number, maxChars: number): Promise<LineWindow> {
  const collector = new LineCollector(offset, limit, maxChars);
  const options = { encoding: "utf8", highWaterMark: 256 * 1024 } as const;
  const stream = typeof file === "string" ? createReadStream(file, options) : file.createReadStream({ ...options, start: 0, autoClose: false });
  for await (const chunk of stream as AsyncIterable<string>) collector.feed(chunk);
  return collector.finish();
}

/** The same window of text already in memory (the small-file fast path of read_file). */
export function lineWindowOfText(text: string, offset: number, limit: number, maxChars: number): LineWindow {
  const collector = new LineCollector(offset, limit, maxChars);
  collector.feed(text);
  return collector.finish();
}

/** Collects the window from text fed in chunks of any size. */
class LineCollector {
  readonly #offset: number;
  readonly #last: number;
  readonly #maxChars: number;
  readonly #lines: string[] = [];
  #lineNo = 1;
  #parts: string[] = [];
  #lineLength = 0;
  #lineStarted = false;
  #windowChars = 0;
  #longestLine = 0;
  #oversized = false;

  constructor(offset: number, limit: number, maxChars: number) {
    this.#offset = offset;
    this.#last = offset + limit - 1;
    this.#maxChars = maxChars;
  }

  feed(chunk: string): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf("\n", start);
      const piece = newline === -1 ? chunk.slice(start) : chunk.slice(start, newline);
      if (piece !== "") this.#lineStarted = true;
      if (this.#inWindow()) {
        this.#lineLength += piece.length;
        this.#windowChars += piece.length + (newline === -1 ? 0 : 1);
        if (!this.#oversized && this.#windowChars > this.#maxChars) {
          this.#oversized = true;
          this.#lines.length = 0;
          this.#parts = [];
        }
        if (!this.#oversized) this.#parts.push(piece);
      }
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  finish(): LineWindow {
    // A last line without a newline still counts; a trailing newline does not start a new line.
    if (this.#lineStarted) this.#endLine();
    return { lines: this.#lines, totalLines: this.#lineNo - 1, windowChars: this.#windowChars, oversized: this.#oversized, longestLine: this.#longestLine };
  }

  #inWindow(): boolean {
    return this.#lineNo >= this.#offset && this.#lineNo <= this.#last;
  }

  #endLine(): void {
    if (this.#inWindow()) {
      this.#longestLine = Math.max(this.#longestLine, this.#lineLength);
      if (!this.#oversized) this.#lines.push(stripCr(this.#parts.join("")));
    }
    this.#lineNo++;
    this.#parts = [];
    this.#lineLength = 0;
    this.#lineStarted = false;
  }
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

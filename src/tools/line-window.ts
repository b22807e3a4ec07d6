/**
 * Reads a window of lines from a text file in one streaming pass, counting every line, so
 * a large file costs memory only for the window. A window that grows past `maxChars` stops
 * collecting text (the size is still measured) so a giant line cannot exhaust memory.
 */
import { createReadStream } from "node:fs";

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

/** `offset` is 1-based; the window is lines offset … offset+limit-1. */
export async function readLineWindow(path: string, offset: number, limit: number, maxChars: number): Promise<LineWindow> {
  const last = offset + limit - 1;
  const lines: string[] = [];
  let lineNo = 1;
  let parts: string[] = [];
  let lineLength = 0;
  let lineStarted = false;
  let windowChars = 0;
  let longestLine = 0;
  let oversized = false;

  const endLine = (): void => {
    if (lineNo >= offset && lineNo <= last) {
      longestLine = Math.max(longestLine, lineLength);
      if (!oversized) lines.push(stripCr(parts.join("")));
    }
    lineNo++;
    parts = [];
    lineLength = 0;
    lineStarted = false;
  };

  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<string>) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf("\n", start);
      const piece = newline === -1 ? chunk.slice(start) : chunk.slice(start, newline);
      if (piece !== "") lineStarted = true;
      if (lineNo >= offset && lineNo <= last) {
        lineLength += piece.length;
        windowChars += piece.length + (newline === -1 ? 0 : 1);
        if (!oversized && windowChars > maxChars) {
          oversized = true;
          lines.length = 0;
          parts = [];
        }
        if (!oversized) parts.push(piece);
      }
      if (newline === -1) break;
      endLine();
      start = newline + 1;
    }
  }
  // A last line without a newline still counts; a trailing newline does not start a new line.
  if (lineStarted) endLine();
  return { lines, totalLines: lineNo - 1, windowChars, oversized, longestLine };
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

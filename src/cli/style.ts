import { truncateCells } from "./cell-width.js";

/** ANSI styling for a stream: on only for a TTY, and never when NO_COLOR is set or TERM is dumb. */
export interface Style {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

export function styleFor(stream: NodeJS.WritableStream & { isTTY?: boolean }): Style {
  const enabled = stream.isTTY === true && (process.env.NO_COLOR ?? "") === "" && process.env.TERM !== "dumb";
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

/** Terminal width, or 80 when unknown (a pipe, or a pty without a window size). */
export function columnsOf(stream: NodeJS.WritableStream & { columns?: number }): number {
  const columns = stream.columns;
  return typeof columns === "number" && columns > 0 ? columns : 80;
}

/** The first sentence of a description (first line only), cut to `max` chars for one-line listings. */
export function firstSentence(text: string, max = 90): string {
  const line = text.split("\n")[0] ?? "";
  const end = line.search(/\.(\s|$)/);
  const sentence = end === -1 ? line : line.slice(0, end + 1);
  return truncateCells(sentence, max, "...");
}

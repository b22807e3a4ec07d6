/**
 * Markdown for the terminal. `marked` + `marked-terminal` are loaded lazily (they take most of
 * a second to import), so the prompt appears at once and the renderer is ready by the first reply.
 *
 * `MarkdownStream` streams a reply: on a TTY each block (paragraph, list, code fence, table)
 * shows raw as it arrives and is redrawn rendered once it is complete; elsewhere the raw
 * Markdown passes through untouched, which is what a pipe wants.
 */
import { columnsOf } from "./style.js";

export type RenderMarkdown = (markdown: string) => string;

type Out = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };

let loading: Promise<(width: number) => RenderMarkdown> | undefined;
let factory: ((width: number) => RenderMarkdown) | undefined;

/** Starts loading the renderer in the background; resolves to a renderer factory by width. */
export function loadMarkdownRenderer(): Promise<(width: number) => RenderMarkdown> {
  loading ??= (async () => {
    const [{ Marked }, { markedTerminal }] = await Promise.all([import("marked"), import("marked-terminal")]);
    const byWidth = new Map<number, RenderMarkdown>();
    factory = (width) => {
      let render = byWidth.get(width);
      if (render === undefined) {
        const marked = new Marked();
        // The published types describe marked-terminal 6's return value; 7 returns an extension.
        marked.use(markedTerminal({ width, reflowText: true, showSectionPrefix: false, tab: 2 }) as unknown as Parameters<typeof marked.use>[0]);
        // marked-terminal 7 prints the inline Markdown of tight list items raw (`code`, **bold**): parse it.
        marked.use({
          renderer: {
            text(token) {
              return "tokens" in token && Array.isArray(token.tokens) ? this.parser.parseInline(token.tokens) : false;
            },
          },
        });
        render = (markdown) => marked.parse(markdown, { async: false });
        byWidth.set(width, render);
      }
      return render;
    };
    return factory;
  })();
  return loading;
}

/** The renderer if it has loaded by now (never waits). */
function readyRenderer(width: number): RenderMarkdown | undefined {
  return factory?.(width);
}

/** Renders a whole document if the renderer is ready, else returns it as is. */
export function renderNow(markdown: string, width: number): string {
  const render = readyRenderer(width);
  if (render === undefined) return markdown;
  try {
    return `${render(markdown).replace(/\n+$/, "")}\n`;
  } catch {
    return markdown;
  }
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

export class MarkdownStream {
  readonly #out: Out;
  readonly #live: boolean;
  /** Raw text of the unfinished block, already on screen. */
  #pending = "";
  #wrote = false;
  #endsWithNewline = true;

  constructor(out: Out) {
    this.#out = out;
    this.#live = out.isTTY === true;
  }

  push(text: string): void {
    if (text === "") return;
    this.#write(text);
    if (!this.#live) return;
    this.#pending += text;
    for (let cut = blockEnd(this.#pending); cut !== undefined; cut = blockEnd(this.#pending)) {
      const block = this.#pending.slice(0, cut);
      const rest = this.#pending.slice(cut);
      this.#redraw(block, rest, false);
    }
  }

  /** The reply is complete: render what is left and end on a fresh line. */
  end(): void {
    if (this.#live && this.#pending !== "") this.#redraw(this.#pending, "", true);
    if (this.#wrote && !this.#endsWithNewline) this.#write("\n");
    this.#pending = "";
    this.#wrote = false;
    this.#endsWithNewline = true;
  }

  #redraw(block: string, rest: string, last: boolean): void {
    const width = columnsOf(this.#out);
    const render = readyRenderer(width);
    const rows = screenRows(this.#pending, width);
    this.#pending = rest;
    // Text taller than the screen has scrolled out of reach of the cursor: leave it raw.
    if (render === undefined || rows >= screenHeight(this.#out) - 1) return;
    let rendered: string;
    try {
      rendered = block.trim() === "" ? "" : `${render(block).replace(/\n+$/, "")}\n${last ? "" : "\n"}`;
    } catch {
      return;
    }
    this.#write(`\r${rows > 0 ? `\x1b[${rows}A` : ""}\x1b[J${rendered}${rest}`);
  }

  #write(text: string): void {
    this.#out.write(text);
    this.#wrote = true;
    this.#endsWithNewline = text.endsWith("\n");
  }
}

/** Where the first complete block of `text` ends (after its blank line or closing fence), if any. */
function blockEnd(text: string): number | undefined {
  let fence: string | undefined;
  let sawContent = false;
  let at = 0;
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", at)) {
    const line = text.slice(at, nl);
    at = nl + 1;
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) return at;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      sawContent = true;
      continue;
    }
    if (line.trim() === "") {
      if (sawContent) return at;
      continue;
    }
    sawContent = true;
  }
  return undefined;
}

/** How many rows up from the cursor the start of `text` is, once printed at column 0. */
function screenRows(text: string, width: number): number {
  const lines = text.split("\n");
  let rows = 0;
  lines.forEach((line, index) => {
    const wraps = Math.max(1, Math.ceil(displayWidth(line) / width));
    rows += index < lines.length - 1 ? wraps : wraps - 1;
  });
  return rows;
}

function screenHeight(out: Out): number {
  return typeof out.rows === "number" && out.rows > 0 ? out.rows : 24;
}


/** Terminal cells a string takes: wide CJK and emoji count 2, combining marks 0, a tab up to 8. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === "\t") width += 8 - (width % 8);
    else if (isZeroWidth(code)) continue;
    else width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isZeroWidth(code: number): boolean {
  return (code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || (code >= 0xfe00 && code <= 0xfe0f) || code < 0x20;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/**
 * How the REPL draws a streamed reply. A tiny terminal model (cursor moves, erase, wrap) replays
 * what `MarkdownStream` writes, so the test sees the final screen, not the escape codes.
 */
import { Writable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { MarkdownStream, displayWidth, loadMarkdownRenderer } from "../../src/cli/render-markdown.js";
import { formatDuration, shortArgs } from "../../src/cli/tool-line.js";

/** Enough of a VT100 for MarkdownStream: \r, \n, CSI n A, CSI J, CSI 2K, SGR ignored, deferred wrap. */
class Screen extends Writable {
  readonly isTTY = true;
  readonly rows = 40;
  lines: string[] = [""];
  row = 0;
  col = 0;
  raw = "";

  constructor(readonly columns: number) {
    super({ decodeStrings: false });
  }

  override _write(chunk: string, _encoding: string, done: () => void): void {
    this.raw += chunk;
    const tokens = String(chunk).match(/\x1b\[[0-9;]*[A-Za-z]|[\s\S]/gu) ?? [];
    for (const token of tokens) this.apply(token);
    done();
  }

  private apply(token: string): void {
    if (token.startsWith("\x1b[")) {
      const n = Number(token.slice(2, -1) || "1");
      const op = token.at(-1);
      if (op === "A") this.row = Math.max(0, this.row - n);
      if (op === "J") {
        this.lines[this.row] = (this.lines[this.row] ?? "").slice(0, this.col);
        this.lines.length = this.row + 1;
      }
      if (op === "K") this.lines[this.row] = "";
      return;
    }
    if (token === "\r") {
      this.col = 0;
      return;
    }
    if (token === "\n") {
      this.row++;
      this.col = 0;
      this.lines[this.row] ??= "";
      return;
    }
    if (this.col >= this.columns) {
      this.row++;
      this.col = 0;
      this.lines[this.row] ??= "";
    }
    const line = (this.lines[this.row] ?? "").padEnd(this.col);
    this.lines[this.row] = line.slice(0, this.col) + token + line.slice(this.col + 1);
    this.col++;
  }

  text(): string {
    return this.lines.map((line) => line.trimEnd()).join("\n").trimEnd();
  }
}

function streamInPieces(stream: MarkdownStream, text: string, size: number): void {
  for (let i = 0; i < text.length; i += size) stream.push(text.slice(i, i + size));
  stream.end();
}

beforeAll(async () => {
  await loadMarkdownRenderer();
});

describe("a streamed reply on a terminal", () => {
  it.each([1, 3, 7, 1000])("is redrawn as rendered Markdown, block by block (pieces of %i chars)", (size) => {
    const screen = new Screen(60);
    screen.write("❯ question\n");
    const stream = new MarkdownStream(screen);
    streamInPieces(stream, "Some **bold** and `code` here.\n\n- first item\n- second `item`\n\n```js\nconst x = 1;\n```\n\nThe end.", size);

    expect(screen.text()).toBe(["❯ question", "Some bold and code here.", "", "  * first item", "  * second item", "", "  const x = 1;", "", "The end."].join("\n"));
  });

  it("erases a wrapped paragraph completely before drawing it rendered", () => {
    const screen = new Screen(20);
    screen.write("❯ q\n");
    const stream = new MarkdownStream(screen);
    const paragraph = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda";
    streamInPieces(stream, `${paragraph}\n\nomega`, 5);

    const text = screen.text();
    expect(text.startsWith("❯ q\n")).toBe(true);
    expect(text.match(/lambda/g)).toHaveLength(1);
    expect(text.match(/alpha/g)).toHaveLength(1);
    expect(text.split("\n").every((line) => line.length <= 20)).toBe(true);
    expect(text.endsWith("omega")).toBe(true);
  });

  it("passes raw Markdown through untouched when the output is not a terminal", () => {
    let written = "";
    const pipe = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const stream = new MarkdownStream(pipe);
    streamInPieces(stream, "# Title\n\n**bold**", 4);
    expect(written).toBe("# Title\n\n**bold**\n");
  });
});

describe("terminal helpers", () => {
  it("measures wide characters as two cells and combining marks as none", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("日本")).toBe(4);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("🙂")).toBe(2);
  });

  it("shortens tool arguments to their main value on one line", () => {
    expect(shortArgs({ command: "ls -la\n  | wc -l", timeout: 5 })).toBe("ls -la | wc -l");
    expect(shortArgs({ path: "src/a.ts", offset: 10 })).toBe("src/a.ts");
    expect(shortArgs({ n: 1, flag: true })).toBe("n=1 flag=true");
    expect(shortArgs({ command: "x".repeat(100) })).toHaveLength(60);
    expect(shortArgs('{"broken')).toBe('{"broken');
  });

  it("formats durations for people", () => {
    expect(formatDuration(12.4)).toBe("12 ms");
    expect(formatDuration(1530)).toBe("1.5 s");
    expect(formatDuration(125_000)).toBe("2m 05s");
  });
});

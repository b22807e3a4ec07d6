/** Terminal cell widths: emoji and CJK take two cells, combining marks and ZWJ joins none. */
import { describe, expect, it } from "vitest";
import { cellWidth, truncateCells } from "../../src/cli/cell-width.js";
import { shortArgs } from "../../src/cli/tool-line.js";
import { firstSentence } from "../../src/cli/style.js";
import { Spinner } from "../../src/cli/spinner.js";
import { PassThrough } from "node:stream";
import stripAnsi from "strip-ansi";

describe("cellWidth", () => {
  it.each([
    ["hello", 5],
    ["", 0],
    ["📖", 2],
    ["💻 ls", 5],
    ["✍️", 2], // U+270D + VS16: emoji presentation
    ["⚠️", 2],
    ["❤", 1], // text presentation by default
    ["日本語", 6],
    ["한국어", 6],
    ["ｆｕｌｌ", 8], // fullwidth Latin
    ["e\u0301", 1], // combining acute
    ["Z\u0335\u0321\u0317", 1], // stacked combining marks
    ["👨‍👩‍👧", 2], // ZWJ family
    ["👍🏽", 2], // skin tone modifier
    ["🇫🇷", 2], // flag
    ["1️⃣", 2], // keycap
    ["a\u200bb", 2], // zero-width space
    ["\u0007", 0],
  ])("%j takes %i cells", (text, cells) => {
    expect(cellWidth(text)).toBe(cells);
  });
});

describe("truncateCells", () => {
  it("counts emoji as two cells and never splits a cluster", () => {
    expect(truncateCells("📖📖📖📖", 5)).toBe("📖📖…");
    expect(cellWidth(truncateCells("📖📖📖📖", 5))).toBeLessThanOrEqual(5);
    expect(truncateCells("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 5)).toBe("👨‍👩‍👧👨‍👩‍👧…");
  });

  it("cuts CJK at a cell budget", () => {
    expect(truncateCells("日本語のテキスト", 7)).toBe("日本語…");
  });

  it("keeps combining marks with their base", () => {
    expect(truncateCells("e\u0301e\u0301e\u0301e\u0301", 3)).toBe("e\u0301e\u0301…");
  });

  it("leaves text that fits alone", () => {
    expect(truncateCells("日本", 4)).toBe("日本");
  });
});

describe("one-line renderers use cell widths", () => {
  it("shortArgs caps emoji and CJK arguments by cells", () => {
    const text = shortArgs({ command: `echo ${"🎉".repeat(40)}` }, 20);
    expect(cellWidth(text)).toBeLessThanOrEqual(20);
    expect(cellWidth(shortArgs({ query: "中文".repeat(40) }, 30))).toBeLessThanOrEqual(30);
  });

  it("firstSentence caps by cells", () => {
    expect(cellWidth(firstSentence("漢字".repeat(100), 20))).toBeLessThanOrEqual(20);
  });
});

describe("the spinner line", () => {
  it("fits the terminal's columns when the label is emoji and CJK", () => {
    const out = Object.assign(new PassThrough(), { isTTY: true, columns: 20 });
    let written = "";
    out.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
    const spinner = new Spinner(out);
    spinner.start("💻 terminal 日本語のテキストを表示する");
    spinner.stop();
    out.end();
    const drawn = stripAnsi(written).split("\r").find((part) => part.trim() !== "") ?? "";
    expect(drawn).toContain("💻");
    expect(cellWidth(drawn)).toBeLessThanOrEqual(19);
  });
});

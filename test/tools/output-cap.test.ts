import { describe, expect, it } from "vitest";
import { AnsiStripper } from "../../src/tools/ansi-stream.js";
import { HeadTailBuffer, capOutput } from "../../src/tools/output-cap.js";

describe("output cap", () => {
  it("returns text within the budget unchanged", () => {
    expect(capOutput("short", 100)).toBe("short");
    expect(capOutput("x".repeat(100), 100)).toBe("x".repeat(100));
  });

  it("keeps 40% head and 60% tail of the budget, marker included, and says how much was cut", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join("\n");
    const out = capOutput(text, 2000);
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out.length).toBeGreaterThan(1990);
    const marker = /\n\n\.\.\. \[output truncated: (\d+) chars cut from the middle; (\d+) of (\d+) chars kept[^\]]*\] \.\.\.\n\n/.exec(out);
    expect(marker).not.toBeNull();
    const head = out.slice(0, marker?.index);
    const tail = out.slice((marker?.index ?? 0) + (marker?.[0].length ?? 0));
    expect(text.startsWith(head)).toBe(true);
    expect(text.endsWith(tail)).toBe(true);
    expect(head.length / (head.length + tail.length)).toBeCloseTo(0.4, 2);
    expect(Number(marker?.[1])).toBe(text.length - head.length - tail.length);
    expect(Number(marker?.[3])).toBe(text.length);
  });

  it("gives the same result streamed in small chunks as in one piece", () => {
    const text = Array.from({ length: 20000 }, (_, i) => `${i}`).join(",");
    const buffer = new HeadTailBuffer(5000);
    for (let i = 0; i < text.length; i += 7) buffer.push(text.slice(i, i + 7));
    expect(buffer.totalChars).toBe(text.length);
    expect(buffer.toString()).toBe(capOutput(text, 5000));
  });
});

describe("ANSI stripping of a stream", () => {
  it("strips sequences split at any point between two chunks", () => {
    const full = "a\u001b[31mred\u001b[0m b \u001b]8;;http://x\u0007link\u001b]8;;\u0007 end";
    for (let cut = 0; cut <= full.length; cut++) {
      const stripper = new AnsiStripper();
      const out = stripper.push(full.slice(0, cut)) + stripper.push(full.slice(cut)) + stripper.flush();
      expect(out, `cut at ${cut}`).toBe("ared b link end");
    }
  });

  it("drops an escape sequence left unfinished at the end", () => {
    const stripper = new AnsiStripper();
    expect(stripper.push("text\u001b[")).toBe("text");
    expect(stripper.flush()).toBe("");
  });
});

/**
 * Where a compaction cuts, over many random histories: never before a tool result (so no call is
 * parted from its result), always after the current view's start, the last message always kept,
 * a turn's start preferred, and nothing to cut in a history of one turn.
 */
import { describe, expect, it } from "vitest";
import { cutPoint } from "../../src/agent/compaction/cut-point.js";
import { messageTokens } from "../../src/agent/compaction/estimate.js";
import type { ChatMessage } from "../../src/llm/index.js";
import { prng } from "../helpers/prng.mjs";

function randomHistory(random: () => number, turns: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let t = 0; t < turns; t++) {
    out.push({ role: "user", content: `turn ${t} ${"x".repeat(Math.floor(random() * 400))}` });
    const rounds = Math.floor(random() * 3);
    for (let r = 0; r < rounds; r++) {
      const calls = 1 + Math.floor(random() * 3);
      const ids = Array.from({ length: calls }, (_, i) => `c${t}_${r}_${i}`);
      out.push({ role: "assistant", content: null, tool_calls: ids.map((id) => ({ id, type: "function", function: { name: "read_file", arguments: "{}" } })) });
      for (const id of ids) out.push({ role: "tool", tool_call_id: id, content: "y".repeat(Math.floor(random() * 4000)) });
    }
    out.push({ role: "assistant", content: `answer ${t}` });
  }
  return out;
}

describe("the compaction cut", () => {
  it("never parts a call from its result, keeps the last message, and moves forward", () => {
    const random = prng(23);
    for (let run = 0; run < 500; run++) {
      const history = randomHistory(random, 1 + Math.floor(random() * 12));
      const from = Math.floor(random() * Math.min(3, history.length));
      const keep = Math.floor(random() * 3000);
      const cut = cutPoint(history, from, keep, messageTokens);
      if (cut === undefined) continue;
      expect(cut).toBeGreaterThan(from);
      expect(cut).toBeLessThan(history.length);
      expect(history[cut]!.role).not.toBe("tool");
    }
  });

  it("prefers the start of a turn that fits the budget", () => {
    const history = randomHistory(prng(5), 6);
    const cut = cutPoint(history, 0, 1_000_000, messageTokens)!;
    expect(history[cut]!.role).toBe("user");
    // Everything fits: the cut is at the second turn's start, the earliest one after the view's start.
    expect(cut).toBe(history.findIndex((m, i) => i > 0 && m.role === "user"));
  });

  it("finds nothing to cut in a single message", () => {
    expect(cutPoint([{ role: "user", content: "hi" }], 0, 10, messageTokens)).toBeUndefined();
  });
});

/**
 * The library side of compaction: `beforeCompact` (the seam a `PreCompact` hook uses) is awaited
 * before the summary is asked for, with the reason and sizes; the `compaction` event follows;
 * `agent.messages` keeps the whole history while `agent.contextMessages` is what the next
 * request carries; a hook that throws leaves the conversation as it was and the turn goes on.
 */
import { describe, expect, it } from "vitest";
import type { CompactionEvent } from "../../src/agent/index.js";
import { text } from "../helpers/scripted-openai-server.js";
import { isSummaryRequest } from "../helpers/windowed-model.js";
import { agentOn, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox("quiver-compaction-hook-");
const big = "z".repeat(6_000);

describe("beforeCompact and the compacted view", () => {
  it("awaits the hook before the summary request, then sends the summary and the recent turn", async () => {
    const server = await startServer({ replies: [text("one"), text("SUMMARY: the user said big things."), text("two"), text("three")] });
    const calls: Array<{ reason: string; messages: number; requestsSoFar: number }> = [];
    const { agent, events } = agentOn(server, {
      loadBuiltinTools: false,
      toolsets: [],
      // The second request (~3,300 tokens) passes 35% of the window; the first (~1,750) does not.
      context: { window: 8_000, compactAt: 0.35 },
      beforeCompact: async (start) => {
        await new Promise((r) => setTimeout(r, 20));
        calls.push({ reason: start.reason, messages: start.messages, requestsSoFar: server.chatRequests.length });
      },
    });
    await agent.run(`first ${big}`);
    await agent.run(`second ${big}`);
    await agent.run("third, short");

    expect(calls).toEqual([{ reason: "threshold", messages: 2, requestsSoFar: 1 }]);
    expect(server.chatRequests.map(isSummaryRequest)).toEqual([false, true, false, false]);
    const compaction = events.find((e): e is CompactionEvent => e.type === "compaction");
    expect(compaction).toMatchObject({ reason: "threshold", compacted: 2, from: 2, window: 8_000 });
    expect(compaction!.tokensAfter).toBeLessThan(compaction!.tokensBefore);
    const sent = server.chatRequests[3]!.body!.messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "user", "assistant", "user"]);
    expect(String(sent[1]!.content)).toMatch(/^<conversation-summary>[\s\S]*SUMMARY: the user said big things\.[\s\S]*<\/conversation-summary>$/);
    expect(agent.messages.filter((m) => m.role !== "system")).toHaveLength(6);
    expect(agent.contextMessages.map((m) => m.role)).toEqual(["system", "user", "user", "assistant", "user", "assistant"]);
  });

  it("a hook that throws stops the compaction, not the turn", async () => {
    const server = await startServer({ replies: [text("one"), text("two")] });
    const { agent, events } = agentOn(server, {
      loadBuiltinTools: false,
      toolsets: [],
      context: { window: 8_000, compactAt: 0.3 },
      beforeCompact: () => {
        throw new Error("hook says no");
      },
    });
    await agent.run(`first ${big}`);
    const result = await agent.run(`second ${big}`);
    expect(result.status).toBe("completed");
    expect(events.some((e) => e.type === "compaction")).toBe(false);
    expect(server.chatRequests.some(isSummaryRequest)).toBe(false);
  });
});

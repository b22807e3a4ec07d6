/**
 * Compaction with a tokenizer far denser than the 4-characters-per-token estimate (a byte-level
 * one, as small local models have, or CJK text). Found with the local GGUF fixture, whose tokens
 * are bytes: in one long turn of tool calls the compaction kept "a quarter of the window"
 * measured by the raw estimate, which was the whole turn in the model's tokens; it summarised
 * only the user's message, the request grew, and the next one did not fit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Session } from "../../src/agent/index.js";
import { registry } from "../../src/registry/index.js";
import { text, toolCalls, type RecordedRequest, type ScriptedReply } from "../helpers/scripted-openai-server.js";
import { isSummaryRequest, requestTokens, windowedModel } from "../helpers/windowed-model.js";
import { agentOn, expectValidHistory, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox("quiver-dense-");
const WINDOW = 4_096;
const TOOLSET = "dense-tokenizer-test";

beforeAll(() => {
  registry.register({
    name: "next_note",
    toolset: TOOLSET,
    readOnly: true,
    schema: { description: "The next note.", parameters: { type: "object", properties: { n: { type: "integer" } } } },
    handler: (args) => JSON.stringify({ note: `note ${String(args.n)}: ${"observed data ".repeat(12)}` }),
  });
});
afterAll(() => registry.deregister("next_note"));

/** Calls next_note `calls` times in one turn, then answers. */
function longTurn(calls: number): (request: RecordedRequest) => ScriptedReply {
  let made = 0;
  return (request) => {
    if (request.body?.messages.at(-1)?.role === "tool" && made >= calls) {
      made = 0;
      return text("Read them all.");
    }
    made++;
    return toolCalls([{ name: "next_note", arguments: { n: made } }]);
  };
}

describe("compaction with a byte-level tokenizer (one token per character)", () => {
  it("compacts inside one long turn of tool calls, in the model's tokens, so no request outgrows the window", { timeout: 60_000 }, async () => {
    const model = windowedModel(WINDOW, longTurn(40), 1);
    const server = await startServer({ replies: Array.from({ length: 300 }, () => model.reply) });
    const { agent } = agentOn(server, { session: Session.create(), toolsets: [TOOLSET], systemPrompt: "Use tools.", context: { window: WINDOW }, maxIterations: 60 });
    const result = await agent.run("Read the notes, one after another.");
    expect(result.status).toBe("completed");
    expect(model.refused).toBe(0);
    expect(model.summaries).toBeGreaterThan(1);
    // Each compaction frees room: the request after a summary is well under the window.
    const requests = server.chatRequests;
    for (let i = 1; i < requests.length; i++) {
      if (isSummaryRequest(requests[i - 1]!) && !isSummaryRequest(requests[i]!)) expect(requestTokens(requests[i]!, 1)).toBeLessThan(WINDOW * 0.7);
    }
    expectValidHistory(agent.messages);
  });

  it("sizes the summary request in the model's tokens when the window is learnt from a refusal", { timeout: 60_000 }, async () => {
    const model = windowedModel(WINDOW, longTurn(40), 1);
    const server = await startServer({ replies: Array.from({ length: 300 }, () => model.reply) });
    // No window configured: the first context-length error names it.
    const { agent } = agentOn(server, { session: Session.create(), toolsets: [TOOLSET], systemPrompt: "Use tools.", maxIterations: 60 });
    const result = await agent.run("Read the notes, one after another.");
    expect(result.status).toBe("completed");
    expect(model.refused).toBe(1);
    for (const request of server.chatRequests.filter(isSummaryRequest)) expect(requestTokens(request, 1)).toBeLessThanOrEqual(WINDOW);
    expectValidHistory(agent.messages);
  });
});

import { describe, expect, it } from "vitest";
import { ModelError } from "../../src/llm/index.js";
import { drop, httpError, malformed, text } from "../helpers/scripted-openai-server.js";
import { TEST_KEY, agentOn, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox();

describe("model failures the agent recovers from", () => {
  it("waits as long as a 429's Retry-After says, then answers", async () => {
    const server = await startServer({ replies: [httpError(429, { retryAfter: 2, message: "slow down" }), text("made it")] });
    const { agent, events, sleeps } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    const result = await agent.run("hi");

    expect(result).toMatchObject({ status: "completed", content: "made it" });
    expect(sleeps).toEqual([2000]);
    expect(events.find((e) => e.type === "retry")).toMatchObject({ attempt: 1, delay: 2000, message: expect.stringContaining("429") });
    expect(server.chatRequests).toHaveLength(2);
  });

  it.each([
    ["a 500", httpError(500, { message: "boom" })],
    ["a connection dropped mid-stream", drop()],
    ["a connection closed before any response", drop({ beforeHeaders: true })],
    ["a malformed SSE chunk", malformed()],
  ])("retries after %s", async (_what, failure) => {
    const server = await startServer({ replies: [failure, text("recovered")] });
    const { agent, events } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    const result = await agent.run("hi");

    expect(result).toMatchObject({ status: "completed", content: "recovered" });
    expect(events.filter((e) => e.type === "retry")).toHaveLength(1);
    expect(agent.messages.slice(1)).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "recovered" },
    ]);
  });
});

describe("model failures the agent reports", () => {
  it("fails at once on a 401 with a message naming the key's source, never the key", async () => {
    const server = await startServer({ replies: [httpError(401, { message: "Incorrect API key provided" })] });
    const { agent, events } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    const failure = await agent.run("hi").catch((err: unknown) => err);

    expect(failure).toBeInstanceOf(ModelError);
    const message = (failure as ModelError).message;
    expect(message).toContain("OPENAI_API_KEY");
    expect(message).toContain("401");
    expect(message).not.toContain(TEST_KEY);
    expect(server.chatRequests).toHaveLength(1);
    expect(events.slice(-2)).toEqual([
      { type: "error", message, kind: "auth", status: 401 },
      expect.objectContaining({ type: "turn_end", status: "failed" }),
    ]);
  });

  it("gives up after 3 tries of a persistent 500 and says so", async () => {
    const server = await startServer({ replies: [httpError(500), httpError(502), httpError(503)] });
    const { agent } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    await expect(agent.run("hi")).rejects.toThrow(/server error \(503\).*gave up after 3 attempts/i);
  });

  it("keeps the text already shown when the connection drops mid-reply, and the next run works", async () => {
    const server = await startServer({ replies: [drop({ afterText: "The answer is" }), text("Again: 42.")] });
    const { agent } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    await expect(agent.run("question")).rejects.toThrow(/dropped mid-reply.*cut short/);

    await agent.run("go on");
    expect(server.chatRequests[1]!.body!.messages.slice(1)).toEqual([
      { role: "user", content: "question" },
      { role: "assistant", content: "The answer is" },
      { role: "user", content: "go on" },
    ]);
  });
});

/**
 * `agent.asTool({ name, description })` from code: another agent calls it like any tool; each
 * call runs a fresh child with the agent's options, and the child's tools are cut to the caller's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { agentOn, expectValidHistory, toolResults, useAgentSandbox } from "../agent/fixture.js";
import { hang, text, toolCall, toolCalls } from "../helpers/scripted-openai-server.js";

const startServer = useAgentSandbox("quiver-astool-");
afterEach(() => void registry.deregister("researcher"));

describe("Agent.asTool", () => {
  it("runs a fresh child per call on the brief and hands back its answer and usage", async () => {
    const server = await startServer({
      replies: [toolCall("researcher", { prompt: "find the answer" }), text("42, from the child"), text("The researcher says 42.")],
    });
    const { agent: researcher } = agentOn(server, { tools: ["read_file", "terminal"] });
    registry.register(researcher.asTool({ name: "researcher", description: "Researches one question" }));
    // The caller has read_file but not terminal: the child gets read_file only.
    const { agent: lead } = agentOn(server, { toolsets: ["file", "agents"] });
    const result = await lead.run("what is the answer?");
    expect(result.content).toBe("The researcher says 42.");
    const [first, child, last] = server.chatRequests;
    expect(first!.body!.tools!.map((t) => t.function.name)).toContain("researcher");
    expect(child!.body!.tools!.map((t) => t.function.name)).toEqual(["read_file"]);
    expect(child!.body!.messages.at(-1)).toMatchObject({ role: "user", content: "find the answer" });
    const answer = JSON.parse(toolResults(last!.body!.messages).get("call_1_0")!) as { result: string; usage: unknown };
    expect(answer.result).toBe("42, from the child");
    expect(answer.usage).toBeDefined();
    expectValidHistory(lead.messages);
    // The researcher itself kept no history: it was never run, only its children.
    expect(researcher.messages).toHaveLength(0);
  });

  it("aborting the caller stops every child it runs", async () => {
    const server = await startServer({
      replies: [toolCalls([{ name: "researcher", arguments: { prompt: "A" } }, { name: "researcher", arguments: { prompt: "B" } }]), hang(), hang()],
    });
    const { agent: researcher } = agentOn(server);
    registry.register(researcher.asTool({ name: "researcher", description: "Researches one question" }));
    const { agent: lead } = agentOn(server);
    const controller = new AbortController();
    const running = lead.run("fan out", { signal: controller.signal });
    await server.waitForRequests(3);
    controller.abort();
    const result = await running;
    expect(result.status).toBe("interrupted");
    const answers = [...toolResults(lead.messages).values()];
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer).toMatch(/interrupted|cancelled/);
    expectValidHistory(lead.messages);
  });
});

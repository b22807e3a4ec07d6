import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Session } from "../../src/agent/index.js";
import { registry } from "../../src/registry/index.js";
import { toolsTokens } from "../../src/tokens/tool-tokens.js";
import { registerGeneratedTools, type GeneratedTool } from "../helpers/generated-tools.js";
import { text, toolCall, type RecordedRequest } from "../helpers/scripted-openai-server.js";
import { agentOn, expectValidHistory, toolResults, useAgentSandbox } from "./fixture.js";

const TS = "generated-500";
const startServer = useAgentSandbox();
let generated: GeneratedTool[] = [];
const calls: Array<{ name: string; args: Record<string, unknown> }> = [];

beforeAll(() => {
  generated = registerGeneratedTools(TS, 500, calls);
});

afterAll(() => {
  for (const tool of generated) registry.deregister(tool.name);
});

/** The first tool named in the latest tool_search result of the request. */
function firstFound(request: RecordedRequest): string {
  const results = [...toolResults(request.body!.messages).values()];
  const found = JSON.parse(results.at(-1)!) as { tools: Array<{ name: string }> };
  return found.tools[0]!.name;
}

describe("an agent with 500 tools and tools.search: auto", () => {
  it("sends the core tools, finds a tool with tool_search, calls it, and keeps the tools array append-only", async () => {
    const server = await startServer({
      replies: [
        toolCall("tool_search", { query: "archive an old telescope" }),
        (request) => toolCall(firstFound(request), { telescope_id: "T-9", reason: "decommissioned" }),
        text("Archived."),
      ],
    });
    const { agent } = agentOn(server, { toolSearch: { mode: "auto" } });
    const result = await agent.run("Archive telescope T-9, it was decommissioned.");
    expect(result.status).toBe("completed");

    const requests = server.chatRequests.map((r) => r.body!);
    const firstTools = requests[0]!.tools!;
    const firstNames = firstTools.map((t) => t.function.name);
    expect(firstNames).toContain("tool_search");
    expect(firstNames).not.toContain("archive_telescope");
    expect(await toolsTokens(firstTools.map((t) => ({ type: "function" as const, function: t.function })))).toBeLessThanOrEqual(3000);
    expect(requests[0]!.messages[0]!.content).toMatch(/tool_search/);
    expect(requests[0]!.messages[0]!.content).not.toMatch(/archive_telescope/);

    const secondNames = requests[1]!.tools!.map((t) => t.function.name);
    expect(secondNames.slice(0, firstNames.length)).toEqual(firstNames);
    expect(secondNames.slice(firstNames.length)).toContain("archive_telescope");
    expect(calls).toEqual([{ name: "archive_telescope", args: { telescope_id: "T-9", reason: "decommissioned" } }]);
    expectValidHistory(requests[2]!.messages);
  });

  it("runs a tool the model calls by name without searching, validates it, and loads it for the next request", async () => {
    calls.length = 0;
    const server = await startServer({
      replies: [toolCall("merge_glacier", { reason: "no id" }), toolCall("merge_glacier", { glacier_id: "G-1" }), text("done")],
    });
    const { agent } = agentOn(server, { toolSearch: { mode: "auto" } });
    await agent.run("Merge glacier G-1.");
    const results = [...toolResults(server.chatRequests[2]!.body!.messages).values()];
    expect(JSON.parse(results[0]!)).toMatchObject({ error_type: "invalid_arguments" });
    expect(calls).toEqual([{ name: "merge_glacier", args: { glacier_id: "G-1" } }]);
    const first = server.chatRequests[0]!.body!.tools!.map((t) => t.function.name);
    const second = server.chatRequests[1]!.body!.tools!.map((t) => t.function.name);
    expect(first).not.toContain("merge_glacier");
    expect(second).toEqual([...first, "merge_glacier"]);
  });

  it("with tools.search: off sends every tool", async () => {
    const server = await startServer({ replies: [text("hi")] });
    const { agent } = agentOn(server, { toolSearch: { mode: "off" } });
    await agent.run("hi");
    const names = server.chatRequests[0]!.body!.tools!.map((t) => t.function.name);
    expect(names.length).toBeGreaterThanOrEqual(500);
    expect(names).not.toContain("tool_search");
  });

  it("a resumed session offers again the tools it found or called before, from its first request", async () => {
    const server = await startServer({
      replies: [
        toolCall("tool_search", { query: "archive an old telescope" }),
        (request) => toolCall(firstFound(request), { telescope_id: "T-1", reason: "old" }),
        toolCall("merge_glacier", { glacier_id: "G-2" }),
        text("Done."),
        text("Resumed."),
      ],
    });
    const session = Session.create();
    await agentOn(server, { toolSearch: { mode: "auto" }, session }).agent.run("Archive T-1, then merge glacier G-2.");
    const before = server.chatRequests.at(-1)!.body!.tools!.map((t) => t.function.name);
    expect(before).toEqual(expect.arrayContaining(["archive_telescope", "merge_glacier"]));

    await agentOn(server, { toolSearch: { mode: "auto" }, session: Session.open(session.id) }).agent.run("And now?");
    const resumed = server.chatRequests.at(-1)!.body!.tools!.map((t) => t.function.name);
    expect(resumed).toEqual(expect.arrayContaining(["tool_search", "archive_telescope", "merge_glacier"]));
    expect(resumed.length).toBeLessThan(50);
  });
});

/**
 * An MCP server that crashes in the middle of a tool call, under a running agent: the call in
 * flight and the one after it are answered with errors, the agent finishes its turn, the
 * server's tools are withdrawn, and they come back (and work) once it has reconnected.
 */
import { describe, expect, it } from "vitest";
import { createMcpManager } from "../../src/mcp/client.js";
import { registry } from "../../src/registry/index.js";
import { agentOn, expectValidHistory, toolResults, useAgentSandbox } from "../agent/fixture.js";
import { closeAfterEach } from "../helpers/lifecycle.js";
import { text, toolCall, toolCalls } from "../helpers/scripted-openai-server.js";
import { testServer, waitFor } from "../mcp/support.js";

const startServer = useAgentSandbox("quiver-fault-mcp-");
const keep = closeAfterEach();

describe("an MCP server that crashes mid-call", () => {
  it("answers every call, keeps the agent going, withdraws the tools and restores them on reconnect", async () => {
    const manager = await keep(createMcpManager({ brittle: testServer() }, { backoff: { initialMs: 300, maxMs: 300 } }));
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");

    const server = await startServer({
      replies: [
        toolCalls([
          { name: "mcp__brittle__crash", arguments: { midCall: true }, id: "call_crash" },
          { name: "mcp__brittle__echo", arguments: { text: "after" }, id: "call_after" },
        ]),
        text("The server crashed."),
      ],
    });
    let withdrawn = false;
    const off = registry.onChange(() => {
      if (registry.getToolNamesForToolset("mcp-brittle").length === 0) withdrawn = true;
    });
    const { agent } = agentOn(server, { loadBuiltinTools: false, toolsets: ["mcp-brittle"] });
    const first = await agent.run("crash it").finally(off);
    expect(withdrawn).toBe(true);
    expect(first.content).toBe("The server crashed.");
    const answered = toolResults(server.chatRequests[1]!.body!.messages);
    expect(JSON.parse(answered.get("call_crash")!).error).toMatch(/server "brittle".*disconnected/);
    // A call made while the server reconnects waits for it (briefly) instead of failing.
    expect(JSON.parse(answered.get("call_after")!)).toEqual({ result: "echo: after" });
    expectValidHistory(agent.messages);

    await waitFor(() => manager.status()[0]?.state === "connected" && registry.getEntry("mcp__brittle__echo") !== undefined, "the tools to come back");
    server.push(toolCall("mcp__brittle__echo", { text: "back" }, "call_back"), text("It is back."));
    const second = await agent.run("again");
    expect(second.content).toBe("It is back.");
    expect(JSON.parse(toolResults(server.chatRequests[3]!.body!.messages).get("call_back")!).result).toBe("echo: back");
    expect(server.chatRequests[2]!.body!.tools!.map((t) => t.function.name)).toContain("mcp__brittle__echo");
    expectValidHistory(agent.messages);
  });

  it("a call to a tool withdrawn while its server reconnects waits for it and runs, never Unknown tool", async () => {
    // A slow reconnect: the request below is sent while the tools are withdrawn.
    const manager = await keep(createMcpManager({ brittle: testServer() }, { backoff: { initialMs: 1500, maxMs: 1500 } }));
    await manager.start();
    const server = await startServer({ replies: [toolCall("mcp__brittle__crash", { midCall: true }, "call_crash"), text("Crashed.")] });
    const { agent } = agentOn(server, { loadBuiltinTools: false, toolsets: ["mcp-brittle"] });
    await agent.run("crash it");
    expect(registry.getEntry("mcp__brittle__echo")).toBeUndefined();

    // The model remembers the tool from earlier requests and calls it although this request lacks it.
    server.push(toolCall("mcp__brittle__echo", { text: "meanwhile" }, "call_meanwhile"), text("Done."));
    const second = await agent.run("echo meanwhile");
    expect(server.chatRequests[2]!.body!.tools ?? []).toEqual([]);
    expect(second.content).toBe("Done.");
    expect(JSON.parse(toolResults(server.chatRequests[3]!.body!.messages).get("call_meanwhile")!)).toEqual({ result: "echo: meanwhile" });
    expectValidHistory(agent.messages);
  });
});

/**
 * End to end: the scripted model calls a tool of server-everything (a real child process over
 * stdio) through the agent, and the tool's result reaches the model in the next request.
 */
import { afterEach, expect, test } from "vitest";
import { Agent } from "../../src/agent/index.js";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { startScriptedServer, text, toolCall } from "../helpers/scripted-openai-server.js";
import type { ScriptedServer } from "../helpers/scripted-openai-server.js";
import { EVERYTHING } from "./support.js";

let manager: McpManager | undefined;
let model: ScriptedServer | undefined;

afterEach(async () => {
  await manager?.close();
  await model?.close();
});

test("the model calls an MCP tool of server-everything and gets its result", async () => {
  manager = await connectConfiguredServers({ servers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } } });
  model = await startScriptedServer({ replies: [toolCall("mcp__everything__echo", { message: "from the model" }), text("The server said: Echo: from the model")] });
  const agent = new Agent({ baseUrl: model.baseUrl, apiKey: "test-key", model: "scripted-model", toolsets: ["everything"] });

  const result = await agent.run("Echo something through MCP.");

  expect(result.content).toBe("The server said: Echo: from the model");
  const [first, second] = model.chatRequests;
  expect(first?.body?.tools?.map((t) => t.function.name)).toContain("mcp__everything__echo");
  const toolMessage = second?.body?.messages.find((m) => m.role === "tool");
  expect(JSON.parse(String(toolMessage?.content))).toEqual({ result: "Echo: from the model" });
});

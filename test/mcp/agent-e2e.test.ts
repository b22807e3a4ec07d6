/**
 * End to end: the scripted model calls a tool of server-everything (a real child process over
 * stdio) through the agent, and the tool's result reaches the model in the next request.
 */
import { expect, test } from "vitest";
import { Agent } from "../../src/agent/index.js";
import { unwrapToolText } from "../agent/fixture.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";
import { useEverything } from "./support.js";

// Registered in this order so that, after each test, the MCP manager closes before the model server.
const startServer = useScriptedServers();
const everything = useEverything();

test("the model calls an MCP tool of server-everything and gets its result", async () => {
  await everything();
  const model = await startServer({ replies: [toolCall("mcp__everything__echo", { message: "from the model" }), text("The server said: Echo: from the model")] });
  const agent = new Agent({ baseUrl: model.baseUrl, apiKey: "test-key", model: "scripted-model", toolsets: ["everything"] });

  const result = await agent.run("Echo something through MCP.");

  expect(result.content).toBe("The server said: Echo: from the model");
  const [first, second] = model.chatRequests;
  expect(first?.body?.tools?.map((t) => t.function.name)).toContain("mcp__everything__echo");
  const toolMessage = second?.body?.messages.find((m) => m.role === "tool");
  // It arrives as data, inside this conversation's tool-output boundary.
  const content = String(toolMessage?.content);
  expect(content.startsWith(`<<tool-output ${agent.boundary}>>\n`)).toBe(true);
  expect(JSON.parse(unwrapToolText(content))).toEqual({ result: "Echo: from the model" });
});

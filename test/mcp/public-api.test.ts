/** `createQuiverMcpServer` from the package entry point serves the registry in-process. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, expect, test } from "vitest";
import { createQuiverMcpServer, registry } from "../../src/index.js";

afterEach(() => {
  registry.deregister("api_greet");
});

test("a program serves its own tools over an SDK transport with createQuiverMcpServer", async () => {
  registry.register({
    name: "api_greet",
    toolset: "api",
    schema: { description: "Greets", parameters: { type: "object", properties: { who: { type: "string" } }, required: ["who"] } },
    handler: (args) => `hello ${String(args.who)}`,
  });
  const server = await createQuiverMcpServer({ enabledToolsets: ["api"] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "api-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["api_greet"]);
    expect((await client.callTool({ name: "api_greet", arguments: { who: "Ada" } })).content).toEqual([{ type: "text", text: "hello Ada" }]);
  } finally {
    await client.close();
  }
});

/**
 * A tool that asks its caller (ctx.elicit, ctx.sample) and logs to it (ctx.log), written once,
 * served by `quiver serve --http` in process to real SDK clients of both revisions: a 2.x
 * client on 2026-07-28 (input-required round trips), a 2.x client on 2025-11-25 and a 1.x
 * client (server-to-client requests). A client without the capabilities gets a clear error.
 */
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry, toolResult } from "../../src/registry/index.js";
import type { ToolCallContext } from "../../src/registry/index.js";

const TOOL = "caller_probe";
const ROOTS_TOOL = "roots_probe";
let server: RunningHttpServer;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  registry.register({
    name: TOOL,
    toolset: "caller-test",
    schema: { name: TOOL, description: "asks its caller", parameters: { type: "object", properties: { topic: { type: "string" } } } },
    handler: async (args: Record<string, unknown>, ctx: ToolCallContext) => {
      ctx.log("info", `probing ${String(args.topic)}`);
      const answer = await ctx.elicit({ message: `Your name, for ${String(args.topic)}?`, requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
      const sampled = await ctx.sample({ messages: [{ role: "user", content: `Say hi to ${String(answer.content?.name)}` }], maxTokens: 20 });
      return toolResult({ action: answer.action, name: answer.content?.name, sampled: sampled.text, model: sampled.model });
    },
  });
  registry.register({
    name: ROOTS_TOOL,
    toolset: "caller-test",
    schema: { name: ROOTS_TOOL, description: "lists its caller's roots", parameters: { type: "object", properties: {} } },
    handler: async (_args: Record<string, unknown>, ctx: ToolCallContext) => {
      const capabilities = ctx.caller.capabilities;
      return toolResult({ capabilities, roots: capabilities.roots ? await ctx.listRoots() : await ctx.listRoots().catch((err: Error) => err.message) });
    },
  });
  server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["caller-test"] });
});

afterAll(async () => {
  await server.close();
  registry.deregister(TOOL);
  registry.deregister(ROOTS_TOOL);
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const answers = {
  elicit: (message: string) => ({ action: "accept" as const, content: { name: message.includes("tides") ? "Ada" : "Bob" } }),
  sample: (text: string) => ({ role: "assistant" as const, content: { type: "text" as const, text: `hello ${text.replace("Say hi to ", "")}` }, model: "scripted-model" }),
};

function parsed(result: unknown): Record<string, unknown> {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(content[0]!.text) as Record<string, unknown>;
}

async function client2(mode: "auto" | "legacy", capable = true): Promise<{ client: Client2; logs: string[] }> {
  const client = new Client2({ name: "t2", version: "1" }, { versionNegotiation: { mode }, capabilities: capable ? { elicitation: { form: {} }, sampling: {}, roots: {} } : {} });
  const logs: string[] = [];
  if (capable) {
    client.setRequestHandler("elicitation/create", (request) => answers.elicit(request.params.message));
    client.setRequestHandler("sampling/createMessage", (request) => {
      const content = request.params.messages[0]!.content;
      return answers.sample(!Array.isArray(content) && content.type === "text" ? content.text : "");
    });
    client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///work/project", name: "project" }] }));
  }
  client.setNotificationHandler("notifications/message", (note) => void logs.push(String(note.params.data)));
  await client.connect(new Http2(new URL(server.url)));
  closers.push(() => client.close());
  return { client, logs };
}

describe("ctx.elicit, ctx.sample and ctx.log under serve", () => {
  test("a 2.x client on 2026-07-28 answers through input-required round trips", async () => {
    const { client, logs } = await client2("auto");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const result = await client.callTool({ name: TOOL, arguments: { topic: "tides" } });
    expect(parsed(result)).toMatchObject({ action: "accept", name: "Ada", sampled: "hello Ada", model: "scripted-model" });
    expect(logs).toContain("probing tides");
  });

  test("a 2.x client on 2025-11-25 answers server-to-client requests", async () => {
    const { client, logs } = await client2("legacy");
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await client.setLoggingLevel("info");
    const result = await client.callTool({ name: TOOL, arguments: { topic: "tides" } });
    expect(parsed(result)).toMatchObject({ action: "accept", name: "Ada", sampled: "hello Ada" });
    expect(logs).toContain("probing tides");
  });

  test("a 1.x client (2025-11-25 only) answers server-to-client requests", async () => {
    const client = new Client1({ name: "t1", version: "1" }, { capabilities: { elicitation: { form: {} }, sampling: {} } });
    const logs: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => answers.elicit(request.params.message));
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      const content = request.params.messages[0]!.content;
      return answers.sample(!Array.isArray(content) && content.type === "text" ? content.text : "");
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => void logs.push(String(note.params.data)));
    await client.connect(new Http1(new URL(server.url)));
    closers.push(() => client.close());
    await client.setLoggingLevel("info");
    const result = await client.callTool({ name: TOOL, arguments: { topic: "storms" } });
    expect(parsed(result)).toMatchObject({ action: "accept", name: "Bob", sampled: "hello Bob" });
    expect(logs).toContain("probing storms");
  });

  test("a 2025-11-25 client without the capabilities gets a clear error result, not a hang", async () => {
    const { client } = await client2("legacy", false);
    const result = await client.callTool({ name: TOOL, arguments: { topic: "tides" } });
    expect(String(parsed(result).error)).toMatch(/ctx\.elicit is unavailable: this MCP client did not declare the elicitation capability/);
  });

  test("a 2026-07-28 client without the capabilities gets -32021 naming the missing one, not a hang", async () => {
    const { client } = await client2("auto", false);
    const refused = await client.callTool({ name: TOOL, arguments: { topic: "tides" } }).then(() => undefined, (err: unknown) => err as { code?: number; data?: unknown; message?: string });
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
    expect(refused?.message).toMatch(/ctx\.elicit is unavailable: this MCP client did not declare the elicitation capability/);
  });

  for (const mode of ["auto", "legacy"] as const) {
    test(`ctx.caller.capabilities says what the client declared, and ctx.listRoots gets its roots (${mode})`, async () => {
      const { client } = await client2(mode);
      const result = await client.callTool({ name: ROOTS_TOOL, arguments: {} });
      expect(parsed(result)).toEqual({ capabilities: { elicitation: true, sampling: true, roots: true }, roots: [{ uri: "file:///work/project", name: "project" }] });
    });
  }

  test("a 2025-11-25 client without roots: ctx.caller.capabilities says so, and ctx.listRoots is refused with a clear error", async () => {
    const { client } = await client2("legacy", false);
    const result = await client.callTool({ name: ROOTS_TOOL, arguments: {} });
    expect(parsed(result)).toMatchObject({ capabilities: { elicitation: false, sampling: false, roots: false } });
    expect(String(parsed(result).roots)).toMatch(/ctx\.listRoots is unavailable: this MCP client did not declare the roots capability/);
  });

  test("a 2026-07-28 client without roots: a call that needs them gets -32021 naming roots", async () => {
    const { client } = await client2("auto", false);
    registry.register({
      name: "roots_needed",
      toolset: "caller-test",
      schema: { name: "roots_needed", description: "needs roots", parameters: { type: "object", properties: {} } },
      handler: async (_args: Record<string, unknown>, ctx: ToolCallContext) => (await ctx.listRoots()).length,
    });
    closers.push(async () => void registry.deregister("roots_needed"));
    const refused = await client.callTool({ name: "roots_needed", arguments: {} }).then(() => undefined, (err: unknown) => err as { code?: number; data?: unknown });
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
  });
});

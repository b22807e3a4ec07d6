/**
 * Resources, prompts and instructions of server-everything reach the model: generic per-server
 * tools (registered only when advertised, filtered by include/exclude) and the server's
 * instructions in the system prompt, bounded.
 */
import { afterEach, describe, expect, test } from "vitest";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import { Agent } from "../../src/agent/index.js";
import type { ChatSetup } from "../../src/cli/chat.js";
import { attachResources } from "../../src/cli/mcp-prompts.js";
import { runSlashCommand } from "../../src/cli/slash-commands.js";
import type { SlashContext } from "../../src/cli/slash-commands.js";
import { styleFor } from "../../src/cli/style.js";
import { startScriptedServer, text as textReply } from "../helpers/scripted-openai-server.js";
import { EVERYTHING, parse, testServer, waitFor } from "./support.js";

let manager: McpManager | undefined;

afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

async function connect(servers: Record<string, unknown>): Promise<McpManager> {
  manager = await connectConfiguredServers({ servers });
  return manager;
}

describe("resources and prompts as tools", () => {
  test("list, read (text and blob) and get a prompt; absent when the server does not advertise them", async () => {
    await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] }, plain: testServer() });
    for (const tool of ["list_resources", "read_resource", "get_prompt"]) expect(registry.getEntry(`mcp__everything__${tool}`)?.readOnly).toBe(true);
    expect(registry.getEntry("mcp__plain__list_resources")).toBeUndefined();
    expect(registry.getEntry("mcp__plain__get_prompt")).toBeUndefined();
    expect(registry.getEntry("mcp__everything__get_prompt")?.description).toContain("args-prompt(city, state)");

    const listed = parse(await handleFunctionCall("mcp__everything__list_resources", {})) as unknown as { resources: Array<{ uri: string }>; templates?: Array<{ uriTemplate: string }> };
    expect(listed.resources.length).toBeGreaterThan(0);
    expect(listed.templates?.map((t) => t.uriTemplate)).toContain("demo://resource/dynamic/blob/{resourceId}");

    const textual = parse(await handleFunctionCall("mcp__everything__read_resource", { uri: "demo://resource/dynamic/text/1" }));
    expect(String(textual.result)).toContain("Resource 1");
    const blob = parse(await handleFunctionCall("mcp__everything__read_resource", { uri: "demo://resource/dynamic/blob/2" }));
    expect(String(blob.result)).toContain("Resource 2: This is a base64 blob");

    const prompt = parse(await handleFunctionCall("mcp__everything__get_prompt", { name: "args-prompt", arguments: { city: "Paris" } }));
    expect(prompt.result).toBe("user: What's weather in Paris?");
    const missing = parse(await handleFunctionCall("mcp__everything__get_prompt", { name: "no-such-prompt" }));
    expect(String(missing.error)).toMatch(/no-such-prompt/);
  });

  test("prompts/list_changed refreshes get_prompt", async () => {
    await connect({ p: testServer(["--with-prompts"]) });
    expect(registry.getEntry("mcp__p__get_prompt")?.description).toContain("Prompts: first.");
    await handleFunctionCall("mcp__p__add_prompt", { name: "second" });
    await waitFor(() => registry.getEntry("mcp__p__get_prompt")?.description?.includes("second"), "the new prompt to be listed");
    expect(parse(await handleFunctionCall("mcp__p__get_prompt", { name: "second" }))).toEqual({ result: "user: prompt second" });
  });

  test("include/exclude apply to the generic tools too", async () => {
    await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"], exclude: ["get_prompt", "list_*"] } });
    expect(registry.getEntry("mcp__everything__read_resource")).toBeDefined();
    expect(registry.getEntry("mcp__everything__get_prompt")).toBeUndefined();
    expect(registry.getEntry("mcp__everything__list_resources")).toBeUndefined();
  });

  test("the server's instructions are offered for the system prompt under its name", async () => {
    const m = await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] }, plain: testServer() });
    const text = m.instructions();
    expect(text).toContain('## MCP server "everything"');
    expect(text).not.toContain('"plain"');
    expect(text.length).toBeLessThan(2_300);

    const model = await startScriptedServer({ replies: [textReply("ok")] });
    try {
      const agent = new Agent({ baseUrl: model.baseUrl, apiKey: "k", model: "scripted-model", toolsets: [], instructions: () => m.instructions() });
      await agent.run("hi");
      expect(String(model.chatRequests[0]?.body?.messages[0]?.content)).toContain('## MCP server "everything"');
    } finally {
      await model.close();
    }
  });
});

describe("REPL: @server:uri and /prompts", () => {
  test("@server:uri attaches the resource; unknown servers and plain @words are left alone", async () => {
    const m = await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } });
    const notes: string[] = [];
    const out = await attachResources("summarise @everything:demo://resource/dynamic/text/3 please, cc @bob and @nobody:x", m, (n) => notes.push(n));
    expect(out).toMatch(/^summarise @everything:demo:\/\/resource\/dynamic\/text\/3 please, cc @bob and @nobody:x\n\n<resource server="everything" uri="demo:\/\/resource\/dynamic\/text\/3">\n.*Resource 3/s);
    expect(out.match(/<resource /g)).toHaveLength(1);
    expect(notes[0]).toMatch(/attached everything:demo/);
  });

  test("/prompts lists the prompts, and /prompts <server> <name> k=v sends the filled-in prompt", async () => {
    const m = await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } });
    const printed: string[] = [];
    const ctx = { setup: { mcp: m } as unknown as ChatSetup, style: styleFor({ isTTY: false } as unknown as NodeJS.WritableStream), print: (t: string) => printed.push(t) } as unknown as SlashContext;
    expect(await runSlashCommand("/prompts", ctx)).toBeUndefined();
    expect(printed.join("\n")).toContain("/prompts everything args-prompt city=… state=[…]");
    expect(await runSlashCommand("/prompts everything args-prompt city=Oslo", ctx)).toEqual({ send: "What's weather in Oslo?" });
  });
});

/**
 * A user tool file that uses ctx.sample, ctx.elicit and ctx.log, run by the built CLI: in
 * `quiver chat -p --yes` the chat's model answers ctx.sample (the scripted OpenAI server) and
 * ctx.elicit is refused with a reason (one-shot mode has no one to ask); `quiver tools call`
 * refuses both at once; `quiver serve` over stdio lets a 2.x client on 2026-07-28 answer them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, beforeAll, expect, test } from "vitest";
import { assertBuilt, CLI, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { startScriptedServer, text, toolCall } from "../helpers/scripted-openai-server.js";
import type { ScriptedServer } from "../helpers/scripted-openai-server.js";

const TOOL_FILE = `import { registry, toolResult } from "quiver";
registry.register({
  name: "caller_probe",
  toolset: "probe",
  schema: { description: "asks its caller", parameters: { type: "object", properties: { topic: { type: "string" } } } },
  handler: async (args, ctx) => {
    ctx.log("info", "probing " + args.topic);
    let sampled, name;
    try { sampled = (await ctx.sample({ messages: [{ role: "user", content: "Write about " + args.topic }], maxTokens: 12 })).text; } catch (err) { sampled = "error: " + err.message; }
    try { name = (await ctx.elicit({ message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } })).content?.name; } catch (err) { name = "error: " + err.message; }
    return toolResult({ sampled, name });
  },
});
`;

let model: ScriptedServer | undefined;
const cleanups: Array<() => void | Promise<void>> = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await model?.close();
  model = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function homeWithTool(): string {
  const { home, cleanup } = tempHome("quiver-caller-");
  cleanups.push(cleanup);
  mkdirSync(join(home, "tools"), { recursive: true });
  writeFileSync(join(home, "tools", "caller-probe.mjs"), TOOL_FILE);
  return home;
}

test("chat -p --yes: ctx.sample is answered by the chat's model; ctx.elicit is refused with the reason", async () => {
  const home = homeWithTool();
  model = await startScriptedServer({ replies: [toolCall("caller_probe", { topic: "tides" }), text("a sampled line"), text("Final.")] });
  const env = cliEnv({ QUIVER_HOME: home, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: model.baseUrl, QUIVER_MODEL: "scripted-model" });
  const result = await runCli(["chat", "-p", "probe tides", "--toolsets", "probe", "--yes"], env);
  expect(result.stdout.trim()).toBe("Final.");
  const [, sampling, last] = model.chatRequests;
  expect(sampling?.body?.max_tokens).toBe(12);
  expect(JSON.stringify(sampling?.body?.messages)).toContain("Write about tides");
  const toolMessage = String(last?.body?.messages.find((m) => m.role === "tool")?.content);
  expect(toolMessage).toContain("a sampled line");
  expect(toolMessage).toMatch(/ctx\.elicit is unavailable: nobody can answer here/);
});

test("tools call: ctx.sample and ctx.elicit are refused at once, with what to do", async () => {
  const home = homeWithTool();
  const result = await runCli(["tools", "call", "caller_probe", '{"topic":"x"}'], cliEnv({ QUIVER_HOME: home }));
  expect(result.stdout).toMatch(/ctx\.sample is unavailable here/);
  expect(result.stdout).toMatch(/ctx\.elicit is unavailable here/);
});

test("serve --stdio: a 2.x client on 2026-07-28 answers ctx.sample and ctx.elicit through input-required round trips", async () => {
  const home = homeWithTool();
  const client = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: "auto" }, capabilities: { elicitation: { form: {} }, sampling: {} } });
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
  client.setRequestHandler("sampling/createMessage", () => ({ role: "assistant", content: { type: "text", text: "from the client" }, model: "m" }));
  const env = cliEnv({ QUIVER_HOME: home }) as Record<string, string>;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--toolsets", "probe"], env, stderr: "ignore" }));
  cleanups.push(() => client.close());
  expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  const result = (await client.callTool({ name: "caller_probe", arguments: { topic: "tides" } })) as { content: Array<{ text: string }> };
  expect(JSON.parse(result.content[0]!.text)).toEqual({ sampled: "from the client", name: "Ada" });
});

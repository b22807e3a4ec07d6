/**
 * Compat flags shape the request; a parameter the server rejects by name is dropped or swapped,
 * retried once (at most 2 requests), remembered for the session and logged in one line (F5).
 */
import { describe, expect, it } from "vitest";
import { createChatClient, ModelError, resolveModelSettings, type ChatClient, type ChatMessage, type ModelCompat } from "../../src/llm/index.js";
import { replay } from "../helpers/provider-fixtures.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { text, toolCall, type ScriptedReply, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const user: ChatMessage[] = [{ role: "user", content: "hi" }];
const weatherTool = { type: "function" as const, function: { name: "weather", parameters: { type: "object", properties: {} } } };

const startServer = useScriptedServers();
/** The server started last, for the helpers and assertions that read it. */
let server: ScriptedServer | undefined;

interface Setup {
  client: ChatClient;
  logs: string[];
}

async function setup(
  replies: ScriptedReply[],
  model: { provider?: string; compat?: Partial<ModelCompat>; maxTokens?: number } = {},
): Promise<Setup> {
  server = await startServer({ replies });
  const settings = resolveModelSettings({
    flags: { baseUrl: server.baseUrl, model: "m", ...(model.provider === undefined ? {} : { provider: model.provider }) },
    env: { OPENAI_API_KEY: "sk-test-compat-0123456789" },
    config: { model: { ...(model.compat === undefined ? {} : { compat: model.compat }), ...(model.maxTokens === undefined ? {} : { maxTokens: model.maxTokens }) } },
  });
  if (settings.problem) throw new Error(settings.problem.message);
  const logs: string[] = [];
  const client = createChatClient(settings, { sleep: async () => {}, random: () => 0.5, log: (line) => logs.push(line) });
  return { client, logs };
}

describe("tool definitions on the wire", () => {
  it("leave a top-level $schema off (Gemini refuses the request over it) and keep the rest of the schema", async () => {
    const { client } = await setup([text("ok"), text("again")]);
    const parameters = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { when: { $ref: "#/$defs/day" } },
      $defs: { day: { type: "string", enum: ["mon", "tue"] } },
    };
    const tool = { type: "function" as const, function: { name: "plan", parameters } };
    await client.streamChat({ messages: user, tools: [tool] });
    await client.streamChat({ messages: user, tools: [tool] });
    for (const request of server!.chatRequests) {
      const sent = (request.body!.tools as unknown as Array<{ function: { parameters: Record<string, unknown> } }>)[0]!.function.parameters;
      expect(sent).not.toHaveProperty("$schema");
      expect(sent).toEqual({ type: "object", properties: parameters.properties, $defs: parameters.$defs });
    }
    expect(tool.function.parameters.$schema).toBe("https://json-schema.org/draft/2020-12/schema"); // the definition itself is untouched
  });
});

describe("compat flags shape the request", () => {
  it("defaults: stream_options sent, parallel_tool_calls, tool_choice and a token limit omitted", async () => {
    const { client } = await setup([text("ok")]);
    await client.streamChat({ messages: user, tools: [weatherTool] });
    const body = server!.chatRequests[0]!.body!;
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body).not.toHaveProperty("parallel_tool_calls");
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("max_tokens");
  });

  it("config overrides: no stream_options, parallel_tool_calls and tool_choice sent, max_completion_tokens", async () => {
    const compat = { streamUsage: false, parallelToolCalls: true, toolChoice: true, maxTokensField: "max_completion_tokens" as const };
    const { client } = await setup([text("ok")], { compat, maxTokens: 512 });
    await client.streamChat({ messages: user, tools: [weatherTool] });
    const body = server!.chatRequests[0]!.body!;
    expect(body).not.toHaveProperty("stream_options");
    expect(body).toMatchObject({ parallel_tool_calls: true, tool_choice: "auto", max_completion_tokens: 512, stream: true });
    expect(body).not.toHaveProperty("max_tokens");
  });

  it("stream: false asks for one JSON answer and still hands the text to onTextDelta", async () => {
    const { client } = await setup([toolCall("weather", { location: "Paris" }, "call_1")], { compat: { stream: false } });
    const deltas: string[] = [];
    const turn = await client.streamChat({ messages: user, tools: [weatherTool], onTextDelta: (t) => deltas.push(t) });
    expect(server!.chatRequests[0]!.body!.stream).toBe(false);
    expect(server!.chatRequests[0]!.body).not.toHaveProperty("stream_options");
    expect(turn.toolCalls).toEqual([{ id: "call_1", name: "weather", arguments: '{"location":"Paris"}' }]);
  });

  it("the mistral preset sends no stream_options at all", async () => {
    const { client } = await setup([replay("mistral/tool-call.sse")], { provider: "mistral" });
    await client.streamChat({ messages: user, tools: [weatherTool] });
    expect(server!.chatRequests[0]!.body).not.toHaveProperty("stream_options");
  });
});

describe("F5 self-healing: a parameter rejected by name", () => {
  it("Mistral's 422 on stream_options: dropped, retried once, remembered, logged once", async () => {
    const { client, logs } = await setup([replay("mistral/422-stream-options.json", 422), replay("mistral/tool-call.sse"), text("again")]);
    const turn = await client.streamChat({ messages: user, tools: [weatherTool] });
    expect(turn.toolCalls[0]!.name).toBe("weather");
    expect(server!.chatRequests).toHaveLength(2);
    expect(server!.chatRequests[0]!.body!.stream_options).toEqual({ include_usage: true });
    expect(server!.chatRequests[1]!.body).not.toHaveProperty("stream_options");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/stream_options/);

    await client.streamChat({ messages: user });
    expect(server!.chatRequests).toHaveLength(3);
    expect(server!.chatRequests[2]!.body).not.toHaveProperty("stream_options");
    expect(logs).toHaveLength(1);
  });

  it("max_completion_tokens rejected (Mistral 422): swapped for max_tokens", async () => {
    const { client, logs } = await setup([replay("mistral/422-max-completion-tokens.json", 422), text("ok")], { provider: "openai", maxTokens: 300 });
    await client.streamChat({ messages: user });
    expect(server!.chatRequests[0]!.body).toMatchObject({ max_completion_tokens: 300 });
    expect(server!.chatRequests[1]!.body).toMatchObject({ max_tokens: 300 });
    expect(server!.chatRequests[1]!.body).not.toHaveProperty("max_completion_tokens");
    expect(logs[0]).toMatch(/max_completion_tokens/);
  });

  it("OpenAI's 400 for max_tokens on a reasoning model: swapped for max_completion_tokens", async () => {
    const { client } = await setup([replay("openai/400-max-tokens.json", 400), text("ok")], { maxTokens: 100 });
    await client.streamChat({ messages: user });
    expect(server!.chatRequests[1]!.body).toMatchObject({ max_completion_tokens: 100 });
  });

  it("parallel_tool_calls rejected: omitted from then on", async () => {
    const rejected = { kind: "raw" as const, status: 400, contentType: "application/json", headers: {}, body: JSON.stringify({ error: { message: "Unrecognized request argument supplied: parallel_tool_calls" } }) };
    const { client } = await setup([rejected, text("ok")], { provider: "openai" });
    await client.streamChat({ messages: user, tools: [weatherTool] });
    expect(server!.chatRequests[0]!.body!.parallel_tool_calls).toBe(true);
    expect(server!.chatRequests[1]!.body).not.toHaveProperty("parallel_tool_calls");
  });

  it("never more than 2 requests when the retry is rejected too", async () => {
    const again = replay("mistral/422-stream-options.json", 422);
    const { client } = await setup([replay("mistral/422-stream-options.json", 422), again, again, again]);
    const err = await client.streamChat({ messages: user }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(server!.chatRequests).toHaveLength(2);
  });

  it("a 400 naming no known parameter is not healed (1 request)", async () => {
    const { client, logs } = await setup([replay("deepseek/400-missing-reasoning.json", 400)]);
    await expect(client.streamChat({ messages: user })).rejects.toThrow(/reasoning_content/);
    expect(server!.chatRequests).toHaveLength(1);
    expect(logs).toEqual([]);
  });
});

/**
 * Every provider preset, end to end through the agent: a recorded tool-call stream, the tool runs,
 * and the next request carries what that provider needs back (F3 DeepSeek's reasoning_content,
 * F4 Gemini's thought signature, OpenRouter's reasoning_details). The fake DeepSeek and Gemini
 * servers answer 400 with their real error text when the field is missing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent, Session, type AgentEvent } from "../../src/agent/index.js";
import { createChatClient, providerNames, resolveModelSettings, type ChatMessage } from "../../src/llm/index.js";
import { registry } from "../../src/registry/index.js";
import { replay } from "../helpers/provider-fixtures.js";
import { text, type RecordedMessage, type RecordedRequest, type ScriptedReply, type ScriptedServer } from "../helpers/scripted-openai-server.js";
import { useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox("quiver-providers-");
const weatherCalls: unknown[] = [];
beforeAll(() => {
  registry.register({
    name: "weather",
    toolset: "test-weather",
    schema: { description: "Weather for a place", parameters: { type: "object", properties: { location: { type: "string" } } } },
    handler: (args: Record<string, unknown>) => {
      weatherCalls.push(args);
      return JSON.stringify({ forecast: "sunny" });
    },
  });
});
afterAll(() => {
  registry.deregister("weather");
});

/** The server started last, for the assertions that read it. */
let server: ScriptedServer | undefined;
afterEach(() => {
  weatherCalls.length = 0;
});

/** The recorded tool-call stream each preset is proven on (providers speaking OpenAI's format share its recording). */
const TOOL_CALL_FIXTURE: Record<string, string> = {
  openai: "openai/tool-call.sse",
  azure: "openai/tool-call.sse",
  openrouter: "openrouter/reasoning-tool-call.sse",
  deepseek: "deepseek/tool-call.sse",
  mistral: "mistral/tool-call.sse",
  groq: "groq/tool-call.sse",
  gemini: "gemini/tool-call.sse",
  xai: "xai/tool-call.sse",
  together: "openai/tool-call.sse",
  fireworks: "openai/tool-call.sse",
  ollama: "ollama/tool-call.sse",
  lmstudio: "openai/tool-call.sse",
  vllm: "vllm/tool-call.sse",
  llamacpp: "llamacpp/tool-call.sse",
};

function agentFor(provider: string, replies: ScriptedReply[], events: AgentEvent[] = [], session?: Session): Promise<Agent> {
  return startServer({ replies }).then((started) => {
    server = started;
    const settings = resolveModelSettings({ flags: { provider, baseUrl: started.baseUrl, model: "m" }, env: {} });
    if (settings.problem) throw new Error(settings.problem.message);
    return new Agent({
      client: createChatClient(settings, { sleep: async () => {}, log: () => {} }),
      toolsets: ["test-weather"],
      onEvent: (event) => events.push(event),
      ...(session === undefined ? {} : { session }),
    });
  });
}

type Loose = ChatMessage & Record<string, unknown>;

function assistantWithCalls(request: RecordedRequest): RecordedMessage | undefined {
  return request.body?.messages.find((m) => m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0);
}

/** DeepSeek's real 400 when an assistant message with tool calls lacks reasoning_content. */
function deepseekServer(next: ScriptedReply): ScriptedReply {
  return (request) => {
    const index = request.body!.messages.findIndex((m) => m.role === "assistant" && m.tool_calls !== undefined && typeof m.reasoning_content !== "string");
    if (index < 0) return next;
    const reply = replay("deepseek/400-missing-reasoning.json", 400);
    reply.body = reply.body.replace("message index 2", `message index ${index}`);
    return reply;
  };
}

/** Gemini's real 400 (array-wrapped) when a tool call comes back without its thought signature. */
function geminiServer(next: ScriptedReply): ScriptedReply {
  return (request) => {
    const calls = request.body!.messages.flatMap((m) => m.tool_calls ?? []) as unknown as Array<Record<string, unknown>>;
    const signed = calls.every((call) => typeof (call.extra_content as { google?: { thought_signature?: unknown } } | undefined)?.google?.thought_signature === "string");
    return signed ? next : replay("gemini/400-missing-signature.json", 400);
  };
}

describe("every preset: a recorded tool call, the tool run, and the round trip", () => {
  it("covers every built-in preset", () => {
    expect(Object.keys(TOOL_CALL_FIXTURE).sort()).toEqual(providerNames().sort());
  });

  it.each(Object.entries(TOOL_CALL_FIXTURE))("%s (%s)", async (provider, fixture) => {
    const agent = await agentFor(provider, [replay(fixture), text("It is sunny.")]);
    const result = await agent.run("What is the weather?");
    expect(result.status).toBe("completed");
    expect(result.content).toBe("It is sunny.");
    expect(weatherCalls.length).toBeGreaterThan(0);
    const second = server!.chatRequests[1]!;
    const assistant = assistantWithCalls(second)!;
    const results = second.body!.messages.filter((m) => m.role === "tool");
    expect(results.map((m) => m.tool_call_id)).toEqual(assistant.tool_calls!.map((c) => c.id));
    expect(String(results[0]!.content)).toContain("sunny");
  });
});

describe("reasoning and provider extras go back where the provider needs them", () => {
  it("F3 DeepSeek: reasoning_content is stored, shown as events, and sent back; the fake server accepts it", async () => {
    const events: AgentEvent[] = [];
    const session = Session.create();
    const agent = await agentFor("deepseek", [replay("deepseek/tool-call.sse"), deepseekServer(text("Sunny in San Francisco."))], events, session);
    const result = await agent.run("Weather in San Francisco?");
    expect(result.content).toBe("Sunny in San Francisco.");
    const sent = assistantWithCalls(server!.chatRequests[1]!)!;
    expect(String(sent.reasoning_content)).toMatch(/^The user is asking for the weather/);
    const reasoning = events.filter((e) => e.type === "reasoning").map((e) => (e as { text: string }).text).join("");
    expect(reasoning).toBe(sent.reasoning_content);
    const stored = Session.open(session.id).messages.find((m) => m.role === "assistant" && m.tool_calls !== undefined) as Loose;
    expect(stored.reasoning_content).toBe(sent.reasoning_content);
  });

  it("F3: without the field the fake DeepSeek answers its real 400 (the check bites)", async () => {
    const reply = deepseekServer(text("never"));
    const request = { index: 0, method: "POST", path: "/v1/chat/completions", headers: {}, body: { model: "m", messages: [{ role: "user" }, { role: "assistant", content: null, tool_calls: [] }] } };
    const answer = await (reply as (r: RecordedRequest) => Promise<ScriptedReply>)(request as unknown as RecordedRequest);
    expect(JSON.stringify(answer)).toContain("Missing `reasoning_content` field in the assistant message at message index 1");
  });

  it("DeepSeek across turns: earlier tool-call messages keep their reasoning_content (send-back)", async () => {
    const agent = await agentFor("deepseek", [
      replay("deepseek/tool-call.sse"),
      deepseekServer(text("Sunny.")),
      deepseekServer(replay("deepseek/tool-call.sse")),
      deepseekServer(text("Still sunny.")),
    ]);
    await agent.run("Weather?");
    const second = await agent.run("And now?");
    expect(second.content).toBe("Still sunny.");
    const last = server!.chatRequests[3]!.body!.messages.filter((m) => m.role === "assistant" && m.tool_calls !== undefined);
    expect(last).toHaveLength(2);
    expect(last.every((m) => typeof m.reasoning_content === "string")).toBe(true);
    // Reasoning never goes back on a message without tool calls (DeepSeek rejects it there).
    const plain = server!.chatRequests[3]!.body!.messages.filter((m) => m.role === "assistant" && m.tool_calls === undefined);
    expect(plain.every((m) => !("reasoning_content" in m))).toBe(true);
  });

  it("reasoning: strip (groq preset): shown and stored, never sent back", async () => {
    const events: AgentEvent[] = [];
    const session = Session.create();
    const agent = await agentFor("groq", [replay("groq/reasoning.sse"), replay("deepseek/tool-call.sse"), text("two")], events, session);
    await agent.run("first");
    await agent.run("second");
    expect(events.some((e) => e.type === "reasoning")).toBe(true);
    const stored = session.messages.filter((m) => m.role === "assistant") as Loose[];
    expect([typeof stored[0]!.reasoning, typeof stored[1]!.reasoning_content]).toEqual(["string", "string"]);
    for (const request of server!.chatRequests) {
      for (const message of request.body!.messages) expect(Object.keys(message).filter((k) => k.startsWith("reasoning"))).toEqual([]);
    }
  });

  it("a server refusing reasoning sent back (Groq's 400) gets the request again without it: 2 requests", async () => {
    const logs: string[] = [];
    server = await startServer({
      replies: [replay("deepseek/tool-call.sse"), replay("groq/400-reasoning-unsupported.json", 400), text("Sunny.")],
    });
    const settings = resolveModelSettings({ flags: { baseUrl: server.baseUrl, model: "m" }, env: {} });
    if (settings.problem) throw new Error(settings.problem.message);
    const agent = new Agent({ client: createChatClient(settings, { log: (line) => logs.push(line) }), toolsets: ["test-weather"] });
    const result = await agent.run("Weather?");
    expect(result.content).toBe("Sunny.");
    expect(server.chatRequests).toHaveLength(3);
    expect(typeof assistantWithCalls(server.chatRequests[1]!)!.reasoning_content).toBe("string");
    expect(assistantWithCalls(server.chatRequests[2]!)).not.toHaveProperty("reasoning_content");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/reasoning/);
  });

  it("F4 Gemini: the thought signature goes back verbatim on its tool call; the fake Gemini accepts it", async () => {
    const agent = await agentFor("gemini", [replay("gemini/tool-call.sse"), geminiServer(text("Sunny in Paris."))]);
    const result = await agent.run("Weather in Paris?");
    expect(result.content).toBe("Sunny in Paris.");
    const call = assistantWithCalls(server!.chatRequests[1]!)!.tool_calls![0] as unknown as Record<string, unknown>;
    expect(call.extra_content).toEqual({ google: { thought_signature: "CiQB0e2Kb8Zl0sHq4pX7dW1M9Yw6rTn3vQ2uJk5fPz8aLcEoIgSxMjM=" } });
  });

  it("F4: without the signature the fake Gemini answers its real array-wrapped 400", async () => {
    const answer = await (geminiServer(text("never")) as (r: RecordedRequest) => Promise<ScriptedReply>)({
      body: { model: "m", messages: [{ role: "assistant", tool_calls: [{ id: "x", type: "function", function: { name: "weather", arguments: "{}" } }] }] },
    } as unknown as RecordedRequest);
    expect(JSON.stringify(answer)).toContain("missing a thought_signature");
  });

  it("OpenRouter: reasoning_details go back verbatim with the tool call", async () => {
    const agent = await agentFor("openrouter", [replay("openrouter/reasoning-tool-call.sse"), text("Sunny.")]);
    await agent.run("Weather?");
    const sent = assistantWithCalls(server!.chatRequests[1]!)!;
    expect(sent.reasoning).toBe("The user wants the weather in Paris.");
    expect(sent.reasoning_details).toEqual([
      { type: "reasoning.text", text: "The user wants the weather in Paris.", format: "anthropic-claude-v1", index: 0, signature: "EqQBCkgIBhABGAIiQL2c8nsig" },
    ]);
  });

  it("Mistral thinking parts are kept in the transcript but never sent back", async () => {
    const session = Session.create();
    const agent = await agentFor("mistral", [replay("mistral/thinking-parts.sse"), text("ok")], [], session);
    await agent.run("2+2?");
    await agent.run("thanks");
    const stored = session.messages.find((m) => m.role === "assistant") as Loose;
    expect(stored.thinking).toMatch(/basic arithmetic/);
    const sent = server!.chatRequests[1]!.body!.messages.find((m) => m.role === "assistant")!;
    expect(sent.content).toBe("2 + 2 = 4");
    expect(Object.keys(sent).sort()).toEqual(["content", "role"]);
  });
});

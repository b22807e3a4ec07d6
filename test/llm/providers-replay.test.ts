/**
 * Recorded provider replies replayed on a loopback server through the real `openai` SDK: each
 * provider's stream shape becomes the same AssistantTurn (F1, F2, F6, F7 of issue 12), and errors
 * come out in the provider's own words (F4's array-wrapped body, text, HTML).
 */
import { describe, expect, it } from "vitest";
import type { AssistantTurn, ChatMessage, ModelError } from "../../src/llm/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { replay } from "../helpers/provider-fixtures.js";
import { sse, type ScriptedReply, type ScriptedServer } from "../helpers/scripted-openai-server.js";
import { clientFor, modelError } from "./client-fixture.js";

const user: ChatMessage[] = [{ role: "user", content: "What is the weather in Paris?" }];

const startServer = useScriptedServers();
/** The server `stream` or `failure` started last, for the assertions after them. */
let server: ScriptedServer | undefined;

async function stream(reply: ScriptedReply): Promise<{ turn: AssistantTurn; text: string; reasoning: string }> {
  server = await startServer({ replies: [reply] });
  const { client } = clientFor(server);
  let text = "";
  let reasoning = "";
  const turn = await client.streamChat({ messages: user, onTextDelta: (t) => (text += t), onReasoningDelta: (r) => (reasoning += r) });
  return { turn, text, reasoning };
}

async function failure(replies: ScriptedReply[], mode: "stream" | "complete" = "stream"): Promise<ModelError> {
  server = await startServer({ replies });
  const { client } = clientFor(server);
  return modelError(mode === "stream" ? client.streamChat({ messages: user }) : client.complete({ messages: user }));
}

describe("recorded streams become one AssistantTurn", () => {
  it("F1 Mistral: content as an array of parts is the answer; thinking parts are reasoning", async () => {
    const { turn, text, reasoning } = await stream(replay("mistral/thinking-parts.sse"));
    expect(turn.content).toBe("2 + 2 = 4");
    expect(text).toBe("2 + 2 = 4");
    expect(reasoning).toBe("The user is asking for 2+2. This is basic arithmetic. 2+2=4.");
    expect(turn.reasoning).toBe(reasoning);
    expect(turn.usage).toEqual({ promptTokens: 10, completionTokens: 46, totalTokens: 56 });
  });

  it("Mistral: a whole tool call in one chunk without index or type", async () => {
    const { turn } = await stream(replay("mistral/tool-call.sse"));
    expect(turn.toolCalls).toEqual([{ id: "gSIMJiOkT", name: "weather", arguments: '{"location": "San Francisco"}' }]);
    expect(turn.finishReason).toBe("tool_calls");
  });

  it("F2 Mistral non-streamed: complete() keeps a tool call that has no type", async () => {
    const server = await startServer({ replies: [replay("mistral/tool-call.json")] });
    const { client } = clientFor(server);
    const turn = await client.complete({ messages: user });
    expect(turn.toolCalls).toEqual([{ id: "gSIMJiOkT", name: "weather", arguments: '{"location": "San Francisco"}' }]);
  });

  it("Groq: a whole tool call, usage read from x_groq.usage", async () => {
    const { turn } = await stream(replay("groq/tool-call.sse"));
    expect(turn.toolCalls).toEqual([{ id: "tk85n1k4m", name: "weather", arguments: "{}" }]);
    expect(turn.usage).toEqual({ promptTokens: 210, completionTokens: 15, totalTokens: 225 });
  });

  it("Groq: delta.reasoning streams as reasoning, never as the answer", async () => {
    const { turn, text, reasoning } = await stream(replay("groq/reasoning.sse"));
    expect(reasoning.startsWith("Okay, let me try to")).toBe(true);
    expect(text).not.toContain("Okay, let me");
    expect(turn.reasoningField).toBe("reasoning");
  });

  it("DeepSeek: reasoning_content, then a tool call in pieces", async () => {
    const { turn, reasoning } = await stream(replay("deepseek/tool-call.sse"));
    expect(reasoning.startsWith("The user is asking for the weather")).toBe(true);
    expect(turn).toMatchObject({ reasoning, reasoningField: "reasoning_content", finishReason: "tool_calls" });
    expect(turn.toolCalls).toHaveLength(1);
    expect(JSON.parse(turn.toolCalls[0]!.arguments)).toEqual({ location: "San Francisco" });
  });

  it("DeepSeek: a reasoning_content field seen only empty is kept, empty (it must go back present)", async () => {
    const lines = replay("deepseek/tool-call.sse").body.split("\n").filter((line) => line.startsWith("data: {"));
    const chunks = lines.map((line) => JSON.parse(line.slice(6)) as { choices: Array<{ delta: Record<string, unknown> }> });
    for (const chunk of chunks) if (typeof chunk.choices[0]?.delta.reasoning_content === "string") chunk.choices[0].delta.reasoning_content = "";
    const { turn, reasoning } = await stream(sse(chunks));
    expect(reasoning).toBe("");
    expect(turn).toMatchObject({ reasoning: "", reasoningField: "reasoning_content" });
  });

  it("xAI: reasoning_content, a whole tool call, usage in a choice-less chunk", async () => {
    const { turn } = await stream(replay("xai/tool-call.sse"));
    expect(turn.toolCalls).toEqual([{ id: "call_55117580", name: "weather", arguments: '{"location":"San Francisco"}' }]);
    expect(turn.reasoningField).toBe("reasoning_content");
    expect(turn.usage?.promptTokens).toBe(291);
  });

  it("Gemini: extra_content on a tool call is kept opaque", async () => {
    const { turn } = await stream(replay("gemini/tool-call.sse"));
    expect(turn.toolCalls).toEqual([
      {
        id: "function-call-14792545839455658880",
        name: "weather",
        arguments: '{"location":"Paris"}',
        extras: { extra_content: { google: { thought_signature: "CiQB0e2Kb8Zl0sHq4pX7dW1M9Yw6rTn3vQ2uJk5fPz8aLcEoIgSxMjM=" } } },
      },
    ]);
  });

  it("OpenRouter: reasoning text shown, reasoning_details joined per block and kept", async () => {
    const { turn, reasoning } = await stream(replay("openrouter/reasoning-tool-call.sse"));
    expect(reasoning).toBe("The user wants the weather in Paris.");
    expect(turn.reasoningDetails).toEqual([
      { type: "reasoning.text", text: "The user wants the weather in Paris.", format: "anthropic-claude-v1", index: 0, signature: "EqQBCkgIBhABGAIiQL2c8nsig" },
    ]);
    expect(turn.toolCalls).toEqual([{ id: "toolu_01AbCdEf", name: "weather", arguments: '{"location": "Paris"}' }]);
  });

  it.each([
    ["ollama/tool-call.sse", [["call_wteop8bt", '{"location":"Paris"}'], ["call_rk2xye1l", '{"location":"Lyon"}']]],
    ["vllm/tool-call.sse", [["chatcmpl-tool-1e3b2a7c", '{"location": "Paris"}']]],
    ["llamacpp/tool-call.sse", [["LqHzUjTnJqFWD1UOP6aTm8yfvSzy0Vb2", '{"location":"Paris"}']]],
    ["openai/tool-call.sse", [["call_DdmO9pD3xa9XTPNJ32zg2hcA", '{"location":"Paris"}']]],
  ])("%s: the tool calls, ids and arguments", async (path, expected) => {
    const { turn } = await stream(replay(path));
    expect(turn.toolCalls.map((call) => [call.id, call.arguments])).toEqual(expected);
    expect(turn.toolCalls.every((call) => call.name === "weather")).toBe(true);
  });

  it("OpenAI text and Azure's filtered first chunk (empty choices) stream as text", async () => {
    const openai = await stream(replay("openai/text.sse"));
    expect(openai.turn.content?.startsWith("**Holiday Name:**")).toBe(true);
    await server?.close();
    const azure = await stream(replay("azure/model-router.sse"));
    expect(azure.turn.content).toMatch(/^Capital of Denmark/);
  });
});

describe("F7: a non-streamed JSON answer to a stream request", () => {
  it("is accepted as the whole turn, delivered once", async () => {
    const { turn, text } = await stream(replay("openai/json-answer.json"));
    expect(turn.content).toBe("**Holiday Name:** Galaxy Day");
    expect(text).toBe("**Holiday Name:** Galaxy Day");
    expect(server!.chatRequests).toHaveLength(1);
  });

  it("{choices: []} is a clear, unretried error: the model returned no choices", async () => {
    const err = await failure([replay("openai/no-choices.json"), replay("openai/no-choices.json")]);
    expect(err.message).toMatch(/the model returned no choices/i);
    expect(server!.chatRequests).toHaveLength(1);
  });
});

describe("F6: in-stream errors are classified by their code", () => {
  it.each(["openrouter/in-stream-error.sse", "vllm/in-stream-error.sse"])("%s: a 4xx in the stream is not retried", async (path) => {
    const err = await failure([replay(path), replay(path), replay(path)]);
    expect(server!.chatRequests).toHaveLength(1);
    expect(err.retryable).toBe(false);
    expect(err.kind).toBe("bad_request");
    expect(err.message).toMatch(/maximum context length/);
  });

  it("a 5xx or code-less in-stream error is still retried", async () => {
    const serverError = replay("vllm/in-stream-error.sse");
    serverError.body = serverError.body.replace('"code":400', '"code":503');
    const server = await startServer({ replies: [serverError, replay("openai/text.sse")] });
    const { client } = clientFor(server);
    const turn = await client.streamChat({ messages: user });
    expect(turn.content?.startsWith("**Holiday")).toBe(true);
    expect(server.chatRequests).toHaveLength(2);
  });
});

describe("errors as the provider wrote them", () => {
  it("F4 Gemini: an array-wrapped error body shows its message, not 'no body'", async () => {
    const err = await failure([replay("gemini/400-missing-signature.json", 400)]);
    expect(err.status).toBe(400);
    expect(err.message).toContain("Function call is missing a thought_signature in functionCall parts");
    expect(err.message).not.toContain("no body");
  });

  it("Mistral's nested 422 detail names the rejected field", async () => {
    const err = await failure([replay("mistral/422-max-completion-tokens.json", 422)], "complete");
    expect(err.message).toContain("body.max_completion_tokens: Extra inputs are not permitted");
  });

  it("an HTML error page is stripped of tags and cut short", async () => {
    const err = await failure([replay("azure/html-502.html", 502), replay("azure/html-502.html", 502), replay("azure/html-502.html", 502)]);
    expect(err.message).toContain("502 Bad Gateway");
    expect(err.message).toContain("Microsoft-Azure-Application-Gateway/v2");
    expect(err.message).not.toMatch(/<\/?[a-z]/i);
    expect(err.message).not.toContain("font-family");
  });

  it("an empty error body says there was none, keeping the status", async () => {
    const err = await failure([{ kind: "raw", status: 400, contentType: "application/json", body: "", headers: {} }]);
    expect(err.status).toBe(400);
    expect(err.message).toContain("400 status code (no body)");
  });

  it("a plain-text error body is shown as written", async () => {
    const body = "upstream connect error or disconnect/reset before headers. reset reason: connection termination";
    const err = await failure([{ kind: "raw", status: 400, contentType: "text/plain", body, headers: {} }]);
    expect(err.message).toContain(body);
  });
});

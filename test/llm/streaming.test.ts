import { describe, expect, it } from "vitest";
import { toAssistantMessage, type ChatMessage } from "../../src/llm/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { sse, text, toolCalls } from "../helpers/scripted-openai-server.js";
import { SECRET_KEY, clientFor } from "./client-fixture.js";

const user: ChatMessage[] = [{ role: "user", content: "hi" }];
const readFileTool = {
  type: "function" as const,
  function: { name: "read_file", description: "Read a file", parameters: { type: "object", properties: { path: { type: "string" } } } },
};

const startServer = useScriptedServers();

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return { id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

describe("streamChat", () => {
  it("streams text deltas in order and returns the whole reply with usage", async () => {
    const server = await startServer({ replies: [text(["Hel", "lo, ", "wörld 🌍"])] });
    const { client } = clientFor(server);
    const deltas: string[] = [];
    const turn = await client.streamChat({ messages: user, onTextDelta: (delta) => deltas.push(delta) });

    expect(deltas).toEqual(["Hel", "lo, ", "wörld 🌍"]);
    expect(turn).toMatchObject({ content: "Hello, wörld 🌍", toolCalls: [], finishReason: "stop" });
    expect(turn.usage?.totalTokens).toBeGreaterThan(0);
    const request = server.chatRequests[0]!;
    expect(request.body).toMatchObject({ model: "test-model", stream: true, messages: user });
    expect(request.body).not.toHaveProperty("tools");
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it("reassembles several tool calls whose arguments arrive in pieces, and sends the tools", async () => {
    const server = await startServer({
      replies: [
        toolCalls(
          [
            { name: "read_file", arguments: { path: "src/a.ts", offset: 10 }, id: "call_a" },
            { name: "terminal", arguments: { command: "ls -la | wc -l" }, id: "call_b" },
            { name: "read_file", arguments: '{"path": "ünïcode.md"}', id: "call_c" },
          ],
          { argChunks: 5, content: "Let me look." },
        ),
      ],
    });
    const { client } = clientFor(server);
    const turn = await client.streamChat({ messages: user, tools: [readFileTool] });

    expect(turn.content).toBe("Let me look.");
    expect(turn.finishReason).toBe("tool_calls");
    expect(turn.toolCalls).toEqual([
      { id: "call_a", name: "read_file", arguments: JSON.stringify({ path: "src/a.ts", offset: 10 }) },
      { id: "call_b", name: "terminal", arguments: JSON.stringify({ command: "ls -la | wc -l" }) },
      { id: "call_c", name: "read_file", arguments: '{"path": "ünïcode.md"}' },
    ]);
    expect(server.chatRequests[0]!.body!.tools).toEqual([readFileTool]);
  });

  it("keeps calls apart when their argument pieces are interleaved", async () => {
    const server = await startServer({
      replies: [toolCalls([{ name: "a", arguments: { x: "first" } }, { name: "b", arguments: { y: "second" } }], { interleave: true, argChunks: 4 })],
    });
    const turn = await clientFor(server).client.streamChat({ messages: user });
    expect(turn.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ["a", { x: "first" }],
      ["b", { y: "second" }],
    ]);
    expect(turn.content).toBeNull();
  });

  it("synthesizes call_<n> ids when the server sends none, skipping ids already in the history", async () => {
    const server = await startServer({ replies: [toolCalls([{ name: "a" }, { name: "b", arguments: "" }], { omitIds: true })] });
    const history: ChatMessage[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "a", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_1", content: "ok" },
    ];
    const turn = await clientFor(server).client.streamChat({ messages: history });
    expect(turn.toolCalls).toEqual([
      { id: "call_2", name: "a", arguments: "{}" },
      { id: "call_3", name: "b", arguments: "{}" },
    ]);
  });

  it("infers the finish reason when the stream ends without one, and copes with index-less tool calls", async () => {
    const server = await startServer({
      replies: [
        sse(
          [
            chunk({ role: "assistant", content: "" }),
            chunk({ tool_calls: [{ id: "t1", type: "function", function: { name: "one", arguments: '{"a":' } }] }),
            chunk({ tool_calls: [{ function: { arguments: "1}" } }] }),
            chunk({ tool_calls: [{ id: "t2", type: "function", function: { name: "two", arguments: "{}" } }] }),
          ],
          { done: false },
        ),
        sse([chunk({ content: "plain" })]),
      ],
    });
    const { client } = clientFor(server);
    const withTools = await client.streamChat({ messages: user });
    expect(withTools.finishReason).toBe("tool_calls");
    expect(withTools.toolCalls).toEqual([
      { id: "t1", name: "one", arguments: '{"a":1}' },
      { id: "t2", name: "two", arguments: "{}" },
    ]);
    const plain = await client.streamChat({ messages: user });
    expect(plain).toEqual({ content: "plain", toolCalls: [], finishReason: "stop" });
  });

  it("separates calls a server numbers all as index 0 but gives distinct ids", async () => {
    const server = await startServer({
      replies: [
        sse([
          chunk({ tool_calls: [{ index: 0, id: "x1", type: "function", function: { name: "a", arguments: "{}" } }] }),
          chunk({ tool_calls: [{ index: 0, id: "x2", type: "function", function: { name: "b", arguments: "{}" } }] }, "tool_calls"),
        ]),
      ],
    });
    const turn = await clientFor(server).client.streamChat({ messages: user });
    expect(turn.toolCalls.map((call) => call.id)).toEqual(["x1", "x2"]);
  });

  it("lets an error thrown by onTextDelta through unchanged, without retrying", async () => {
    const server = await startServer({ replies: [text(["a", "b"]), text("unused")] });
    const boom = new SyntaxError("renderer failed");
    const pending = clientFor(server).client.streamChat({
      messages: user,
      onTextDelta: () => {
        throw boom;
      },
    });
    await expect(pending).rejects.toBe(boom);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("turns a reply into the assistant message for the history, which the server accepts back", async () => {
    const server = await startServer({ replies: [toolCalls([{ name: "read_file", arguments: { path: "a" }, id: "call_z" }]), text("done")] });
    const { client } = clientFor(server);
    const first = await client.streamChat({ messages: user });
    const history: ChatMessage[] = [...user, toAssistantMessage(first), { role: "tool", tool_call_id: "call_z", content: "contents" }];
    await client.streamChat({ messages: history });
    expect(server.chatRequests[1]!.body!.messages).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_z", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } }] },
      { role: "tool", tool_call_id: "call_z", content: "contents" },
    ]);
  });
});

describe("complete (non-streaming)", () => {
  it("returns text and tool calls from a JSON completion", async () => {
    const server = await startServer({ replies: [text("whole answer"), toolCalls([{ name: "a", arguments: { k: 1 } }], { omitIds: true })] });
    const { client } = clientFor(server);
    expect(await client.complete({ messages: user })).toMatchObject({ content: "whole answer", toolCalls: [], finishReason: "stop" });
    const withCall = await client.complete({ messages: user });
    expect(withCall.toolCalls).toEqual([{ id: "call_1", name: "a", arguments: '{"k":1}' }]);
    expect(server.chatRequests[0]!.body!.stream).toBe(false);
  });
});

describe("listModels", () => {
  it("lists the endpoint's model ids", async () => {
    const server = await startServer({ models: ["llama3.1", "qwen2.5"] });
    expect(await clientFor(server).client.listModels()).toEqual(["llama3.1", "qwen2.5"]);
  });

  it("returns undefined when the endpoint has no /models route", async () => {
    const server = await startServer({ models: null });
    expect(await clientFor(server).client.listModels()).toBeUndefined();
  });
});

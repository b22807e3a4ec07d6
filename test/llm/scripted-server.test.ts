import { describe, expect, it } from "vitest";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { text, toolCall, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const startServer = useScriptedServers();
/** The server started last, for the helpers and assertions that read it. */
let server: ScriptedServer | undefined;

interface CompletionJson {
  choices: Array<{ message: { content: string | null; tool_calls?: unknown } }>;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function post(body: unknown): Promise<Response> {
  return fetch(`${server!.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer k" },
    body: JSON.stringify(body),
  });
}

describe("scripted OpenAI server (the test helper itself)", () => {
  it("speaks OpenAI's SSE wire format, usage chunk and [DONE] included", async () => {
    server = await startServer({ replies: [text("ab", { chunks: 2 })] });
    const response = await post({ model: "m", messages: [], stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter((event) => event !== "");
    expect(events.every((event) => event.startsWith("data: "))).toBe(true);
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
    expect(chunks.map((chunk) => chunk.object)).toEqual(Array(5).fill("chat.completion.chunk"));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { role: "assistant", content: "", refusal: null },
      { content: "a" },
      { content: "b" },
      {},
      undefined,
    ]);
    expect(chunks[3].choices[0].finish_reason).toBe("stop");
    expect(chunks[4].usage.total_tokens).toBeGreaterThan(0);
  });

  it("records requests, serves function replies and pushed ones, and 500s loudly when the script runs out", async () => {
    server = await startServer({ replies: [(request) => text(`you said ${request.body!.messages.length} things`)] });
    server.push(toolCall("read_file", { path: "x" }, "call_1"));
    const first = await json<CompletionJson>(await post({ model: "m", messages: [{ role: "user", content: "a" }] }));
    expect(first.choices[0]!.message.content).toBe("you said 1 things");
    const second = await json<CompletionJson>(await post({ model: "m", messages: [] }));
    expect(second.choices[0]!.message.tool_calls).toEqual([{ id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"x"}' } }]);
    expect(server.remaining).toBe(0);

    const exhausted = await post({ model: "m", messages: [] });
    expect(exhausted.status).toBe(500);
    expect((await json<{ error: { message: string } }>(exhausted)).error.message).toMatch(/no scripted reply left for chat request #3 \(the script had 2 replies\)/);
    expect(server.chatRequests.map((request) => request.headers.authorization)).toEqual(["Bearer k", "Bearer k", "Bearer k"]);
    await server.waitForRequests(3);
  });

  it("answers GET /v1/models and 404s unknown routes", async () => {
    server = await startServer({ models: ["a", "b"] });
    const models = await (await fetch(`${server.baseUrl}/models`)).json();
    expect(models).toMatchObject({ object: "list", data: [{ id: "a", object: "model" }, { id: "b", object: "model" }] });
    const missing = await fetch(`${server.url}/v2/chat/completions`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(404);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v1/models", "POST /v2/chat/completions"]);
    expect(server.chatRequests).toHaveLength(0);
  });
});

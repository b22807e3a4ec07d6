/**
 * Each provider's way of saying "the prompt does not fit" becomes one `context_overflow`
 * ModelError with the window and the prompt size where the provider gives them (the agent then
 * compacts once). Messages as the providers send them (from their issue trackers and docs).
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/llm/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { httpError } from "../helpers/scripted-openai-server.js";
import { clientFor, modelError } from "./client-fixture.js";

const startServer = useScriptedServers();
const messages: ChatMessage[] = [{ role: "user", content: "hi" }];

interface Case {
  provider: string;
  status: number;
  body: unknown;
  contextTokens: number | undefined;
  promptTokens: number | undefined;
}

const CASES: Case[] = [
  {
    provider: "OpenAI",
    status: 400,
    body: { error: { message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.", type: "invalid_request_error", param: "messages", code: "context_length_exceeded" } },
    contextTokens: 128000,
    promptTokens: 130512,
  },
  {
    provider: "vLLM",
    status: 400,
    body: { object: "error", message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.", type: "BadRequestError", code: 400 },
    contextTokens: 4096,
    promptTokens: 5000,
  },
  {
    provider: "OpenRouter",
    status: 400,
    body: { error: { message: "This endpoint's maximum context length is 131072 tokens. However, you requested about 140211 tokens (140211 of text input). Please reduce the length of either one, or use the \"middle-out\" transform to compress your prompt automatically.", code: 400 } },
    contextTokens: 131072,
    promptTokens: 140211,
  },
  {
    provider: "Anthropic-compatible",
    status: 400,
    body: { type: "error", error: { type: "invalid_request_error", message: "prompt is too long: 208310 tokens > 200000 maximum" } },
    contextTokens: 200000,
    promptTokens: 208310,
  },
  {
    provider: "llama.cpp server (500, with counts in the body)",
    status: 500,
    body: { error: { code: 500, message: "the request exceeds the available context size. try increasing the context size or enable context shift", type: "exceed_context_size_error", n_prompt_tokens: 1407, n_ctx: 256 } },
    contextTokens: 256,
    promptTokens: 1407,
  },
  {
    provider: "LM Studio",
    status: 400,
    body: { error: "Trying to keep the first 10136 tokens when context the overflows. However, the model is loaded with context length of only 7866 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input" },
    contextTokens: 7866,
    promptTokens: 10136,
  },
  {
    provider: "LM Studio (n_keep)",
    status: 400,
    body: { error: "The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 13055>= n_ctx: 4096). Try to load the model with a larger context length, or provide a shorter input." },
    contextTokens: 4096,
    promptTokens: 13055,
  },
  {
    provider: "Ollama",
    status: 400,
    body: { error: { message: "the input length exceeds the context length", type: "api_error" } },
    contextTokens: undefined,
    promptTokens: undefined,
  },
];

describe("context-length errors, in each provider's words", () => {
  it.each(CASES)("$provider", async ({ status, body, contextTokens, promptTokens }) => {
    const server = await startServer({ replies: [httpError(status, { body })] });
    const err = await modelError(clientFor(server, { maxAttempts: 1 }).client.streamChat({ messages }));
    expect(err.kind).toBe("context_overflow");
    expect(err.retryable).toBe(false);
    expect(err.contextTokens).toBe(contextTokens);
    expect(err.promptTokens).toBe(promptTokens);
    // Not retried: a larger request never fits on a second try.
    expect(server.chatRequests).toHaveLength(1);
  });

  it("an ordinary 400 or 500 stays what it is", async () => {
    const server = await startServer({ replies: [httpError(400, { message: "Unknown parameter: 'foo'." }), httpError(500, { message: "upstream died" })] });
    const { client } = clientFor(server, { maxAttempts: 1 });
    expect((await modelError(client.streamChat({ messages }))).kind).toBe("bad_request");
    expect((await modelError(client.streamChat({ messages }))).kind).toBe("server");
  });
});

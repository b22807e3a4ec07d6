/**
 * The lean chat request path (`chat-post.ts`): what goes on the wire is what the SDK would send,
 * and failures come back as the SDK's own errors, so errors.ts and self-healing read them as before.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import * as sdk from "openai";
import { chatEndpoint, postChat } from "../../src/llm/chat-post.js";
import { ModelError, createChatClient, resolveModelSettings } from "../../src/llm/index.js";
import { httpError, startScriptedServer, text, type ScriptedServer } from "../helpers/scripted-openai-server.js";
import { SECRET_KEY } from "./client-fixture.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const user = [{ role: "user" as const, content: "hi" }];

describe("the lean chat request", () => {
  it("sends the SDK's URL and headers, extra headers included", async () => {
    server = await startScriptedServer({ replies: [text("ok")] });
    const endpoint = chatEndpoint({ baseUrl: `${server.baseUrl}/`, apiKey: "k-1", headers: { "Api-Key": "k-1" } }, "6.x");
    expect(endpoint.url).toBe(`${server.baseUrl}/chat/completions`);
    const response = await postChat(endpoint, { model: "m", messages: user, stream: false }, new AbortController().signal, sdk);
    expect(response.status).toBe(200);
    const [request] = server.chatRequests;
    expect(request?.path).toMatch(/\/chat\/completions$/);
    expect(request?.headers).toMatchObject({ authorization: "Bearer k-1", "api-key": "k-1", "content-type": "application/json", accept: "application/json", "user-agent": "OpenAI/JS 6.x" });
    expect(request?.body).toMatchObject({ model: "m", stream: false });
  });

  it("throws the SDK's error class for the status, with the server's message and headers", async () => {
    server = await startScriptedServer({ replies: [httpError(429, { message: "slow down", retryAfter: "2" })] });
    const endpoint = chatEndpoint({ baseUrl: server.baseUrl, apiKey: "k" }, "6.x");
    const err = await postChat(endpoint, { model: "m", messages: user, stream: false }, new AbortController().signal, sdk).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.RateLimitError);
    expect((err as sdk.RateLimitError).message).toMatch(/slow down/);
    expect((err as sdk.RateLimitError).headers?.get("retry-after")).toBe("2");
  });

  it("throws the SDK's connection error when nothing listens", async () => {
    server = await startScriptedServer();
    const baseUrl = server.baseUrl;
    await server.close();
    server = undefined;
    const err = await postChat(chatEndpoint({ baseUrl, apiKey: "k" }, "6.x"), {}, new AbortController().signal, sdk).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.APIConnectionError);
  });

  it("through the client: a server that never answers times out as 'no response', and is retried", async () => {
    let requests = 0;
    const silent = createServer(() => void requests++);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      const resolved = resolveModelSettings({ flags: { baseUrl, model: "m" }, env: { OPENAI_API_KEY: SECRET_KEY } });
      if (resolved.problem) throw new Error(resolved.problem.message);
      const client = createChatClient(resolved, { timeoutMs: 300, maxAttempts: 2, sleep: async () => {} });
      const err = await client.streamChat({ messages: user }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelError);
      expect((err as ModelError).kind).toBe("timeout");
      expect((err as ModelError).message).toMatch(/No response from .* in 0\.3 s \(request timed out\)/);
      expect(requests).toBe(2);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

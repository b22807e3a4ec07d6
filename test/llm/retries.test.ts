import { describe, expect, it } from "vitest";
import { parseRetryAfter, type ChatMessage, type RetryInfo } from "../../src/llm/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { drop, hang, httpError, malformed, sse, text } from "../helpers/scripted-openai-server.js";
import { clientFor, modelError } from "./client-fixture.js";

const user: ChatMessage[] = [{ role: "user", content: "hi" }];
const startServer = useScriptedServers();

describe("retries", () => {
  it("honours Retry-After (seconds) on 429, then succeeds", async () => {
    const server = await startServer({ replies: [httpError(429, { retryAfter: 7, message: "slow down" }), text("ok")] });
    const { client, sleeps } = clientFor(server);
    const retries: RetryInfo[] = [];
    const turn = await client.streamChat({ messages: user, onRetry: (info) => retries.push(info) });
    expect(turn.content).toBe("ok");
    expect(sleeps).toEqual([7000]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 7000 });
    expect(retries[0]!.error.kind).toBe("rate_limit");
    expect(server.chatRequests).toHaveLength(2);
  });

  it("honours retry-after-ms and caps a long Retry-After at maxDelayMs", async () => {
    const server = await startServer({
      replies: [httpError(503, { retryAfterMs: 250 }), httpError(429, { retryAfter: 3600 }), text("ok")],
    });
    const { client, sleeps } = clientFor(server, { maxDelayMs: 60_000 });
    await client.streamChat({ messages: user });
    expect(sleeps).toEqual([250, 60_000]);
  });

  it("backs off exponentially with full jitter when the server gives no Retry-After", async () => {
    const server = await startServer({ replies: [httpError(500), httpError(502), text("third time")] });
    const { client, sleeps } = clientFor(server, { baseDelayMs: 1000, random: () => 0.5 });
    const turn = await client.streamChat({ messages: user });
    expect(turn.content).toBe("third time");
    expect(sleeps).toEqual([500, 1000]);
    expect(server.chatRequests).toHaveLength(3);
  });

  it("retries a connection dropped mid-stream before any text, then succeeds", async () => {
    const server = await startServer({ replies: [drop(), text("recovered")] });
    const { client } = clientFor(server);
    const deltas: string[] = [];
    const turn = await client.streamChat({ messages: user, onTextDelta: (d) => deltas.push(d) });
    expect(turn.content).toBe("recovered");
    expect(deltas).toEqual(["recovered"]);
    expect(server.chatRequests).toHaveLength(2);
  });

  it("retries a connection closed before any response", async () => {
    const server = await startServer({ replies: [drop({ beforeHeaders: true }), text("recovered")] });
    expect((await clientFor(server).client.streamChat({ messages: user })).content).toBe("recovered");
  });

  it("recovers from a malformed SSE chunk that arrived before any text", async () => {
    const server = await startServer({ replies: [malformed(), text("fine")] });
    expect((await clientFor(server).client.streamChat({ messages: user })).content).toBe("fine");
    expect(server.chatRequests).toHaveLength(2);
  });

  it("reports a malformed chunk after text was shown, without retrying or repeating it", async () => {
    const server = await startServer({ replies: [malformed({ afterText: "Partial an" }), text("never")] });
    const deltas: string[] = [];
    const err = await modelError(clientFor(server).client.streamChat({ messages: user, onTextDelta: (d) => deltas.push(d) }));
    expect(err.kind).toBe("protocol");
    expect(err.message).toMatch(/malformed stream chunk/);
    expect(err.message).toMatch(/not retried/);
    expect(err.partialContent).toBe("Partial an");
    expect(deltas).toEqual(["Partial an"]);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("reports a drop after text was shown without retrying", async () => {
    const server = await startServer({ replies: [drop({ afterText: "Half a sen" }), text("never")] });
    const deltas: string[] = [];
    const err = await modelError(clientFor(server).client.streamChat({ messages: user, onTextDelta: (d) => deltas.push(d) }));
    expect(err.kind).toBe("connection");
    expect(err.message).toMatch(/dropped mid-reply/);
    expect(deltas).toEqual(["Half a sen"]);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("gives up after exactly 3 requests, naming the last error", async () => {
    const server = await startServer({ replies: [httpError(500), httpError(503), httpError(500, { message: "still broken" }), text("unused")] });
    const { client, sleeps } = clientFor(server);
    const err = await modelError(client.streamChat({ messages: user }));
    expect(err.kind).toBe("server");
    expect(err.status).toBe(500);
    expect(err.attempts).toBe(3);
    expect(err.message).toMatch(/still broken/);
    expect(err.message).toMatch(/Gave up after 3 attempts\./);
    expect(server.chatRequests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it("retries an error event sent inside the stream", async () => {
    const server = await startServer({ replies: [sse([{ error: { message: "upstream provider overloaded" } }]), text("ok")] });
    expect((await clientFor(server).client.streamChat({ messages: user })).content).toBe("ok");
  });

  it("retries a response that never starts, once the timeout passes", async () => {
    const server = await startServer({ replies: [hang(), text("on time")] });
    const { client } = clientFor(server, { timeoutMs: 1500 });
    expect((await client.streamChat({ messages: user })).content).toBe("on time");
    expect(server.chatRequests).toHaveLength(2);
  });

  it("times out a stream that stalls after text, and reports it", async () => {
    const server = await startServer({ replies: [hang({ afterText: "Thinking" }), text("never")] });
    const err = await modelError(clientFor(server, { timeoutMs: 1500 }).client.streamChat({ messages: user, onTextDelta: () => {} }));
    expect(err.kind).toBe("timeout");
    expect(err.message).toMatch(/sent nothing for/);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("does not retry a 400 and shows the server's reason", async () => {
    const server = await startServer({ replies: [httpError(400, { message: "temperature must be at most 2" }), text("unused")] });
    const err = await modelError(clientFor(server).client.streamChat({ messages: user }));
    expect(err.kind).toBe("bad_request");
    expect(err.message).toMatch(/temperature must be at most 2/);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("reads a context overflow (a 400 saying so) as one, with the token counts it names, and does not retry it", async () => {
    const message = "This model's maximum context length is 4,096 tokens. However, your messages resulted in 5000 tokens.";
    const server = await startServer({ replies: [httpError(400, { message }), text("unused")] });
    const err = await modelError(clientFor(server).client.streamChat({ messages: user }));
    expect(err).toMatchObject({ kind: "context_overflow", contextTokens: 4096, promptTokens: 5000, retryable: false });
    expect(err.message).toMatch(/maximum context length/);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("reports a 200 stream without any chunk (a server ignoring stream: true) without retrying", async () => {
    const server = await startServer({ replies: [sse([], { done: false }), text("unused")] });
    const err = await modelError(clientFor(server).client.streamChat({ messages: user }));
    expect(err.kind).toBe("protocol");
    expect(err.message).toMatch(/without any stream chunk/);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("reports a script that ran out loudly", async () => {
    const server = await startServer({ replies: [] });
    const err = await modelError(clientFor(server).client.streamChat({ messages: user }));
    expect(err.message).toMatch(/no scripted reply left/);
  });
});

describe("parseRetryAfter", () => {
  const headers = (entries: Record<string, string>): Headers => new Headers(entries);

  it("reads seconds, milliseconds and HTTP dates", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter(headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(parseRetryAfter(headers({ "retry-after": "1.5" }), now)).toBe(1500);
    expect(parseRetryAfter(headers({ "retry-after-ms": "120", "retry-after": "9" }), now)).toBe(120);
    expect(parseRetryAfter(headers({ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }), now)).toBe(30_000);
    expect(parseRetryAfter(headers({ "retry-after": "Tue, 31 Dec 2024 00:00:00 GMT" }), now)).toBe(0);
    expect(parseRetryAfter(headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { ModelError, createChatClient, isAbortError, resolveModelSettings, type ChatMessage } from "../../src/llm/index.js";
import { closedPort, useScriptedServers } from "../helpers/lifecycle.js";
import { hang, httpError, text } from "../helpers/scripted-openai-server.js";
import { SECRET_KEY, clientFor } from "./client-fixture.js";

const user: ChatMessage[] = [{ role: "user", content: "hi" }];
const startServer = useScriptedServers();

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the request should have failed"),
    (e: unknown) => e,
  );
}

describe("failures that must not be retried", () => {
  it("401: names the key's source and the endpoint, never the key, after one request", async () => {
    const server = await startServer({
      replies: [httpError(401, { message: `Incorrect API key provided: ${SECRET_KEY}.`, code: "invalid_api_key" }), text("unused")],
    });
    const err = (await rejection(clientFor(server).client.streamChat({ messages: user }))) as ModelError;
    expect(err).toBeInstanceOf(ModelError);
    expect(err.kind).toBe("auth");
    expect(err.message).toContain("env OPENAI_API_KEY");
    expect(err.message).toContain(server.baseUrl);
    expect(err.message).not.toContain(SECRET_KEY);
    expect(err.message).not.toContain(SECRET_KEY.slice(3, 20));
    expect(server.chatRequests).toHaveLength(1);
  });

  it("401 with no key configured says a key is needed and where to put it", async () => {
    const server = await startServer({ replies: [httpError(401, { message: "missing bearer token" })] });
    const { client } = clientFor(server, {}, {});
    const err = (await rejection(client.streamChat({ messages: user }))) as ModelError;
    expect(err.message).toMatch(/requires an API key/);
    expect(err.message).toMatch(/OPENAI_API_KEY/);
    expect(server.chatRequests[0]!.headers.authorization).toBe("Bearer quiver-no-key");
  });

  it("401 names a key read through config model.apiKeyEnv", async () => {
    const server = await startServer({ replies: [httpError(401)] });
    const settings = resolveModelSettings({
      flags: { baseUrl: server.baseUrl },
      env: { ROUTER_KEY: SECRET_KEY },
      config: { model: { name: "m", apiKeyEnv: "ROUTER_KEY" } },
    });
    if (settings.problem) throw new Error(settings.problem.message);
    const err = (await rejection(createChatClient(settings).streamChat({ messages: user }))) as ModelError;
    expect(err.message).toContain("env ROUTER_KEY (named by model.apiKeyEnv in config.yaml)");
    expect(err.message).not.toContain(SECRET_KEY);
  });

  it("403: says the key lacks access, after one request", async () => {
    const server = await startServer({ replies: [httpError(403, { message: "not allowed" }), text("unused")] });
    const err = (await rejection(clientFor(server).client.streamChat({ messages: user }))) as ModelError;
    expect(err.kind).toBe("forbidden");
    expect(err.message).toContain("env OPENAI_API_KEY");
    expect(err.message).toContain('"test-model"');
    expect(err.message).not.toContain(SECRET_KEY);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("404: names the model and the base URL and suggests quiver doctor, after one request", async () => {
    const server = await startServer({ replies: [httpError(404, { message: "model 'test-model' not found" }), text("unused")] });
    const err = (await rejection(clientFor(server).client.streamChat({ messages: user }))) as ModelError;
    expect(err.kind).toBe("not_found");
    expect(err.message).toContain('"test-model" (from the --model flag)');
    expect(err.message).toContain("base URL (from the --base-url flag)");
    expect(err.message).toContain("quiver doctor");
    expect(server.chatRequests).toHaveLength(1);
  });

  it("a wrong base URL path ends in the 404 message too", async () => {
    const server = await startServer({ replies: [text("unused")] });
    const settings = resolveModelSettings({ flags: { baseUrl: `${server.url}/wrong`, model: "m" }, env: {} });
    if (settings.problem) throw new Error(settings.problem.message);
    const err = (await rejection(createChatClient(settings).streamChat({ messages: user }))) as ModelError;
    expect(err.kind).toBe("not_found");
    expect(err.message).toContain(`${server.url}/wrong`);
  });

  it("an endpoint nobody listens on: a connection error that says what to check", async () => {
    const port = await closedPort();
    const settings = resolveModelSettings({ flags: { baseUrl: `http://127.0.0.1:${port}/v1`, model: "m" }, env: {} });
    if (settings.problem) throw new Error(settings.problem.message);
    const sleeps: number[] = [];
    const client = createChatClient(settings, { sleep: async (ms) => void sleeps.push(ms) });
    const err = (await rejection(client.streamChat({ messages: user }))) as ModelError;
    expect(err.kind).toBe("connection");
    expect(err.message).toContain(`Could not connect to http://127.0.0.1:${port}/v1 (ECONNREFUSED)`);
    expect(err.attempts).toBe(3);
    expect(sleeps).toHaveLength(2);
  });
});

describe("abort", () => {
  it("aborts mid-stream with an AbortError after the text so far was delivered", async () => {
    const server = await startServer({ replies: [hang({ afterText: "Working on" }), text("unused")] });
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = clientFor(server).client.streamChat({
      messages: user,
      signal: controller.signal,
      onTextDelta: (delta) => {
        deltas.push(delta);
        controller.abort();
      },
    });
    const err = await rejection(pending);
    expect(isAbortError(err)).toBe(true);
    expect(err).not.toBeInstanceOf(ModelError);
    expect(deltas).toEqual(["Working on"]);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("aborts a request that has not started responding", async () => {
    const server = await startServer({ replies: [hang()] });
    const controller = new AbortController();
    const pending = clientFor(server).client.streamChat({ messages: user, signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    expect(isAbortError(await rejection(pending))).toBe(true);
  });

  it("aborts during a retry wait", async () => {
    const server = await startServer({ replies: [httpError(429, { retryAfter: 30 }), text("unused")] });
    const controller = new AbortController();
    const { client } = clientFor(server, { sleep: undefined }); // the real, abortable wait
    const pending = client.streamChat({ messages: user, signal: controller.signal, onRetry: () => controller.abort() });
    const started = Date.now();
    expect(isAbortError(await rejection(pending))).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const server = await startServer({ replies: [text("unused")] });
    const err = await rejection(clientFor(server).client.streamChat({ messages: user, signal: AbortSignal.abort() }));
    expect(isAbortError(err)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

/**
 * One chat-completions POST without the SDK's per-request machinery (merging headers, building
 * debug details with logging off, its own abort controller and timer, a WHATWG Response): about
 * 0.6 ms a request, most of quiver's share of a round on a fast endpoint. The SDK's semantics
 * stay where they matter: a failed answer becomes the SDK's own `APIError` subclass (as
 * `chat.completions.create` would throw), a failed connection its `APIConnectionError`, and a
 * stream is read by the SDK's own SSE reader, in-stream error events included. Retries and
 * timeouts are the chat client's, as before.
 */
import { Readable } from "node:stream";
import type OpenAI from "openai";
import { httpRequest, type HttpAnswer } from "./http-client.js";
import { errorBody, eventStreamOfJson, isJsonType } from "./provider-fetch.js";
import type { Sdk } from "./sdk.js";
import type { ModelSettings } from "./types.js";

export interface ChatEndpoint {
  url: string;
  headers: Readonly<Record<string, string>>;
}

/** Where and how to POST, fixed for a client: the SDK's URL joining and the headers it would send. */
export function chatEndpoint(settings: Pick<ModelSettings, "baseUrl" | "apiKey" | "headers">, sdkVersion: string): ChatEndpoint {
  const base = settings.baseUrl;
  return {
    url: `${base}${base.endsWith("/") ? "" : "/"}chat/completions`,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "user-agent": `OpenAI/JS ${sdkVersion}`,
      authorization: `Bearer ${settings.apiKey}`,
      ...lowerCaseKeys(settings.headers ?? {}),
    },
  };
}

/**
 * The answer to `body` once it is a 2xx, its body an SSE stream when `body.stream` asked for one
 * (a JSON answer to a stream request, as some proxies send, becomes one event); otherwise throws
 * what the SDK would have thrown, with the provider's error text read whatever its shape.
 */
export async function postChat<B extends { stream?: boolean | null }>(endpoint: ChatEndpoint, body: B, signal: AbortSignal, sdk: Sdk): Promise<HttpAnswer> {
  let answer: HttpAnswer;
  try {
    answer = await httpRequest(endpoint.url, { method: "POST", headers: endpoint.headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (signal.aborted) throw new sdk.APIUserAbortError();
    throw new sdk.APIConnectionError({ cause: err instanceof Error ? err : new Error(String(err)) });
  }
  if (answer.status >= 400) {
    const text = await answer.text().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    throw sdk.APIError.generate(answer.status, errorBody(text, answer.headers.get("content-type")), undefined, answer.headers);
  }
  if (body.stream !== true || !isJsonType(answer.headers.get("content-type"))) return answer;
  return { ...answer, body: Readable.from([eventStreamOfJson(await answer.text())]) };
}

type SdkStream = typeof import("openai/core/streaming").Stream;
let streamClass: Promise<SdkStream> | undefined;

/**
 * The chunks of a streamed answer, read by the SDK's SSE reader; `client` carries its silenced
 * logger. The reader only uses `body` (any async iterable of bytes) and `headers` of what it is
 * given, so the Node stream goes in as is, without a web-stream copy.
 */
export async function streamChunks(answer: HttpAnswer, controller: AbortController, client: OpenAI): Promise<AsyncIterable<unknown>> {
  const Stream = await (streamClass ??= import("openai/core/streaming").then((m) => m.Stream));
  const response = { body: answer.body, headers: answer.headers } as unknown as Response;
  return Stream.fromSSEResponse<unknown>(response, controller, client);
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * One chat-completions POST without the SDK's per-request machinery (merging headers, building
 * debug details with logging off, its own abort controller and timer): about 0.4 ms a request,
 * a third of a round on a fast endpoint. The SDK's semantics stay where they matter: a failed
 * response becomes the SDK's own `APIError` subclass (as `chat.completions.create` would throw),
 * a failed connection its `APIConnectionError`, and a stream is read by the SDK's own SSE reader,
 * in-stream error events included. Retries and timeouts are the chat client's, as before.
 */
import type OpenAI from "openai";
import type { Sdk } from "./sdk.js";
import type { ModelSettings } from "./types.js";

type Fetch = typeof fetch;

export interface ChatEndpoint {
  url: string;
  headers: Readonly<Record<string, string>>;
  fetch: Fetch;
}

/** Where and how to POST, fixed for a client: the SDK's URL joining and the headers it would send. */
export function chatEndpoint(settings: Pick<ModelSettings, "baseUrl" | "apiKey" | "headers">, sdkVersion: string, fetchImpl: Fetch): ChatEndpoint {
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
    fetch: fetchImpl,
  };
}

/** The response to `body`, once it is a 2xx; otherwise throws what the SDK would have thrown. */
export async function postChat(endpoint: ChatEndpoint, body: unknown, signal: AbortSignal, sdk: Sdk): Promise<Response> {
  let response: Response;
  try {
    response = await endpoint.fetch(endpoint.url, { method: "POST", headers: endpoint.headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (signal.aborted) throw new sdk.APIUserAbortError();
    throw new sdk.APIConnectionError({ cause: err instanceof Error ? err : new Error(String(err)) });
  }
  if (response.ok) return response;
  const text = await response.text().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
  const json = parseJson(text);
  throw sdk.APIError.generate(response.status, json as object | undefined, json === undefined ? text : undefined, response.headers);
}

type SdkStream = typeof import("openai/core/streaming").Stream;
let streamClass: Promise<SdkStream> | undefined;

/** The chunks of a streamed response, read by the SDK's SSE reader; `client` carries its (silenced) logger. */
export async function streamChunks(response: Response, controller: AbortController, client: OpenAI): Promise<AsyncIterable<unknown>> {
  const Stream = await (streamClass ??= import("openai/core/streaming").then((m) => m.Stream));
  return Stream.fromSSEResponse<unknown>(response, controller, client);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * A scripted OpenAI-compatible server for tests: a real `node:http` server on 127.0.0.1 (random
 * port) that replays a list of replies, one per chat request, and records every request.
 *
 * ```ts
 * const server = await startScriptedServer({ replies: [toolCalls([{ name: "read_file", arguments: { path: "a.txt" } }]), text("Done.")] });
 * // point the SDK / `quiver chat --base-url` at server.baseUrl ("http://127.0.0.1:PORT/v1"), any key, any model
 * expect(server.chatRequests[1]!.body!.messages.at(-1)).toMatchObject({ role: "tool" });
 * await server.close();
 * ```
 *
 * Routes:
 * - `POST /v1/chat/completions`: takes the next scripted reply. With `"stream": true` it answers in
 *   OpenAI's SSE chunk format (role chunk, deltas, a finish chunk, a usage chunk when
 *   `stream_options.include_usage` is set, then `data: [DONE]`); otherwise one `chat.completion` JSON.
 *   When the script is used up it answers 500 with a message saying so, so the test fails loudly.
 * - `GET /v1/models`: `{ object: "list", data: [{ id, object: "model", ... }] }` from `models`
 *   (default `["scripted-model"]`); `models: null` makes it 404, like endpoints without the route.
 * - anything else: 404 naming the path.
 *
 * Reply builders (all return a `ScriptedReply`):
 * - `text("hello")`, `text(["Hel", "lo"])` (explicit deltas), `text("hello", { chunks: 3, delayMs, finishReason, usage })`
 * - `toolCalls([{ name, arguments?: string | object, id? }], { content?, argChunks = 3, omitIds?, interleave?, finishReason? })`
 *   and `toolCall(name, args)` for one call. Arguments are streamed in `argChunks` pieces; ids
 *   default to `call_<request>_<n>`; `omitIds` sends none (some local servers do that).
 * - `httpError(status, { message?, type?, code?, body?, retryAfter?, retryAfterMs?, headers? })`
 * - `drop()`: sends the SSE headers and the role chunk, then destroys the socket (mid-stream);
 *   `drop({ afterText: "par" })` sends a text delta first; `drop({ beforeHeaders: true })` closes
 *   the socket without any response.
 * - `malformed({ afterText?, raw? })`: a `data:` line that is not JSON (non-stream: a broken JSON body).
 * - `hang({ afterText? })`: sends nothing more (optionally after the headers and a delta) until the
 *   client disconnects; for abort and timeout tests.
 * - `sse(events, { done = true, delayMs })`: raw SSE `data:` payloads (objects are JSON-encoded),
 *   for odd servers (no finish_reason, in-stream errors, ...).
 * - `raw({ status?, contentType?, body, headers? })`: the body sent verbatim, whatever the request
 *   asked for (recorded provider streams and error pages; see provider-fixtures.ts).
 * - a function `(request) => reply` (sync or async) decides at request time.
 *
 * Handle: `baseUrl`, `url` (without /v1), `requests` (every request, in order: method, path,
 * lower-cased headers, parsed JSON body), `chatRequests` (chat completions only), `remaining`
 * (replies not yet used), `push(...replies)`, `waitForRequests(n)` (chat requests), `close()`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface RecordedToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

export interface RecordedMessage {
  role: string;
  content?: unknown;
  tool_calls?: RecordedToolCall[];
  tool_call_id?: string;
  [key: string]: unknown;
}

export interface RecordedChatBody {
  model: string;
  messages: RecordedMessage[];
  tools?: Array<{ type: string; function: { name: string; [key: string]: unknown } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface RecordedRequest {
  /** Position among all requests, from 0. */
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body; undefined for bodiless or non-JSON requests. */
  body: RecordedChatBody | undefined;
}

export interface ScriptedToolCall {
  name: string;
  /** A string is sent verbatim (may be malformed on purpose); anything else is JSON-encoded. */
  arguments?: string | Record<string, unknown>;
  id?: string;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** OpenAI's prompt-cache hits. */
  prompt_tokens_details?: { cached_tokens?: number };
}

interface StreamTiming {
  /** Pause before each chunk after the first, in ms. */
  delayMs?: number;
}

export interface TextReply extends StreamTiming {
  kind: "text";
  deltas: string[];
  finishReason: string | null;
  usage?: Usage;
}

export interface ToolCallsReply extends StreamTiming {
  kind: "tool_calls";
  calls: ScriptedToolCall[];
  content?: string;
  argChunks: number;
  omitIds: boolean;
  interleave: boolean;
  finishReason: string | null;
  usage?: Usage;
}

export interface ErrorReply {
  kind: "error";
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface DropReply {
  kind: "drop";
  beforeHeaders: boolean;
  afterText?: string;
}

export interface MalformedReply {
  kind: "malformed";
  raw: string;
  afterText?: string;
}

export interface HangReply {
  kind: "hang";
  afterText?: string;
}

export interface SseReply extends StreamTiming {
  kind: "sse";
  events: Array<string | Record<string, unknown>>;
  done: boolean;
}

export interface RawReply {
  kind: "raw";
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

export type StaticReply = TextReply | ToolCallsReply | ErrorReply | DropReply | MalformedReply | HangReply | SseReply | RawReply;
export type DynamicReply = (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;
export type ScriptedReply = StaticReply | DynamicReply;

// ---------------------------------------------------------------------------------------------
// Reply builders

export function text(
  content: string | string[],
  options: { chunks?: number; delayMs?: number; finishReason?: string | null; usage?: Usage } = {},
): TextReply {
  const deltas = Array.isArray(content) ? content : splitInto(content, options.chunks ?? 1);
  return {
    kind: "text",
    deltas,
    finishReason: options.finishReason === undefined ? "stop" : options.finishReason,
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    ...(options.usage === undefined ? {} : { usage: options.usage }),
  };
}

export function toolCalls(
  calls: ScriptedToolCall[],
  options: { content?: string; argChunks?: number; omitIds?: boolean; interleave?: boolean; finishReason?: string | null; delayMs?: number; usage?: Usage } = {},
): ToolCallsReply {
  return {
    kind: "tool_calls",
    calls,
    argChunks: Math.max(1, options.argChunks ?? 3),
    omitIds: options.omitIds ?? false,
    interleave: options.interleave ?? false,
    finishReason: options.finishReason === undefined ? "tool_calls" : options.finishReason,
    ...(options.content === undefined ? {} : { content: options.content }),
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    ...(options.usage === undefined ? {} : { usage: options.usage }),
  };
}

export function toolCall(name: string, args: string | Record<string, unknown> = {}, id?: string): ToolCallsReply {
  return toolCalls([{ name, arguments: args, ...(id === undefined ? {} : { id }) }]);
}

export function httpError(
  status: number,
  options: {
    message?: string;
    type?: string;
    code?: string;
    body?: unknown;
    retryAfter?: number | string;
    retryAfterMs?: number;
    headers?: Record<string, string>;
  } = {},
): ErrorReply {
  const headers: Record<string, string> = { ...options.headers };
  if (options.retryAfter !== undefined) headers["retry-after"] = String(options.retryAfter);
  if (options.retryAfterMs !== undefined) headers["retry-after-ms"] = String(options.retryAfterMs);
  const body = options.body ?? {
    error: {
      message: options.message ?? `scripted error ${status}`,
      type: options.type ?? (status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error"),
      param: null,
      code: options.code ?? null,
    },
  };
  return { kind: "error", status, body, headers };
}

export function drop(options: { beforeHeaders?: boolean; afterText?: string } = {}): DropReply {
  return { kind: "drop", beforeHeaders: options.beforeHeaders ?? false, ...(options.afterText === undefined ? {} : { afterText: options.afterText }) };
}

export function malformed(options: { raw?: string; afterText?: string } = {}): MalformedReply {
  return {
    kind: "malformed",
    raw: options.raw ?? '{"id":"chatcmpl-broken","choices":[{"delta":{"content":"oops"',
    ...(options.afterText === undefined ? {} : { afterText: options.afterText }),
  };
}

export function hang(options: { afterText?: string } = {}): HangReply {
  return { kind: "hang", ...(options.afterText === undefined ? {} : { afterText: options.afterText }) };
}

export function sse(events: Array<string | Record<string, unknown>>, options: { done?: boolean; delayMs?: number } = {}): SseReply {
  return { kind: "sse", events, done: options.done ?? true, ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }) };
}

export function raw(options: { status?: number; contentType?: string; body: string; headers?: Record<string, string> }): RawReply {
  return {
    kind: "raw",
    status: options.status ?? 200,
    contentType: options.contentType ?? "text/event-stream",
    body: options.body,
    headers: options.headers ?? {},
  };
}

/** Splits text into `parts` pieces of near-equal length, never inside a surrogate pair. */
function splitInto(content: string, parts: number): string[] {
  const chars = Array.from(content);
  const count = Math.max(1, Math.min(parts, chars.length));
  const size = Math.ceil(chars.length / count);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces.length === 0 ? [""] : pieces;
}

// ---------------------------------------------------------------------------------------------
// The server

export interface ScriptedServerOptions {
  replies?: ScriptedReply[];
  /** Ids served by GET /v1/models; `null` makes the route 404. Default `["scripted-model"]`. */
  models?: string[] | null;
}

export interface ScriptedServer {
  /** "http://127.0.0.1:PORT/v1": what a client takes as its base URL. */
  readonly baseUrl: string;
  /** "http://127.0.0.1:PORT". */
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Only the POST /v1/chat/completions requests. */
  readonly chatRequests: readonly RecordedRequest[];
  /** Scripted replies not yet used. */
  readonly remaining: number;
  push(...replies: ScriptedReply[]): void;
  /** Resolves once `count` chat requests have arrived; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const CHAT_PATH = "/v1/chat/completions";
const MODELS_PATH = "/v1/models";

export async function startScriptedServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const script: ScriptedReply[] = [...(options.replies ?? [])];
  const models = options.models === undefined ? ["scripted-model"] : options.models;
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  let scriptLength = script.length;

  const chatRequests = (): RecordedRequest[] => requests.filter((request) => request.path === CHAT_PATH && request.method === "POST");

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`scripted-openai-server crashed: ${String(err)}`, "server_error"));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = await record(req, requests.length);
    requests.push(recorded);
    for (const wake of waiters) wake();
    const path = recorded.path;
    if (req.method === "GET" && path === MODELS_PATH) return serveModels(res, models);
    if (req.method !== "POST" || path !== CHAT_PATH) {
      return sendJson(res, 404, errorBody(`scripted-openai-server: no route for ${req.method} ${path}`, "invalid_request_error"));
    }
    if (recorded.body === undefined) {
      return sendJson(res, 400, errorBody("scripted-openai-server: the request body is not JSON", "invalid_request_error"));
    }
    const chatIndex = chatRequests().length;
    const next = script.shift();
    if (next === undefined) {
      const message =
        `scripted-openai-server: no scripted reply left for chat request #${chatIndex} ` +
        `(the script had ${scriptLength} replies). Push more replies or fix the test.`;
      return sendJson(res, 500, errorBody(message, "script_exhausted"));
    }
    const reply = await resolveReply(next, recorded);
    await serveChat(req, res, reply, recorded, chatIndex);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${url}/v1`,
    url,
    get requests() {
      return requests;
    },
    get chatRequests() {
      return chatRequests();
    },
    get remaining() {
      return script.length;
    },
    push(...replies) {
      script.push(...replies);
      scriptLength += replies.length;
    },
    waitForRequests(count, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (chatRequests().length < count) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`scripted-openai-server: ${chatRequests().length} chat requests after ${timeoutMs} ms, waited for ${count}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

async function record(req: IncomingMessage, index: number): Promise<RecordedRequest> {
  const pieces: Buffer[] = [];
  for await (const piece of req) pieces.push(piece as Buffer);
  const raw = Buffer.concat(pieces).toString("utf8");
  let body: RecordedChatBody | undefined;
  try {
    body = raw === "" ? undefined : (JSON.parse(raw) as RecordedChatBody);
  } catch {
    body = undefined;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
  return { index, method: req.method ?? "GET", path, headers, body };
}

async function resolveReply(reply: ScriptedReply, request: RecordedRequest): Promise<StaticReply> {
  let current = reply;
  for (let depth = 0; typeof current === "function"; depth++) {
    if (depth > 10) throw new Error("scripted reply functions nested more than 10 deep");
    current = await current(request);
  }
  return current;
}

function errorBody(message: string, type: string): unknown {
  return { error: { message, type, param: null, code: null } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

function serveModels(res: ServerResponse, models: string[] | null): void {
  if (models === null) return sendJson(res, 404, errorBody("scripted-openai-server: this endpoint has no /models route", "invalid_request_error"));
  const data = models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "scripted" }));
  sendJson(res, 200, { object: "list", data });
}

// ---------------------------------------------------------------------------------------------
// Serving one chat reply

interface ReplyContext {
  id: string;
  model: string;
  requestIndex: number;
  includeUsage: boolean;
  promptTokens: number;
}

async function serveChat(req: IncomingMessage, res: ServerResponse, reply: StaticReply, request: RecordedRequest, chatIndex: number): Promise<void> {
  const body = request.body as RecordedChatBody;
  const ctx: ReplyContext = {
    id: `chatcmpl-scripted-${chatIndex}`,
    model: typeof body.model === "string" ? body.model : "scripted-model",
    requestIndex: chatIndex,
    includeUsage: body.stream_options?.include_usage === true,
    promptTokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
  };
  if (reply.kind === "error") return sendJson(res, reply.status, reply.body, reply.headers);
  if (reply.kind === "raw") {
    res.writeHead(reply.status, { "content-type": reply.contentType, ...reply.headers });
    res.end(reply.body);
    return;
  }
  if (reply.kind === "drop" && reply.beforeHeaders) {
    req.socket.destroy();
    return;
  }
  if (body.stream === true) return streamReply(res, reply, ctx);
  return jsonReply(req, res, reply, ctx);
}

function jsonReply(req: IncomingMessage, res: ServerResponse, reply: Exclude<StaticReply, RawReply>, ctx: ReplyContext): Promise<void> | void {
  switch (reply.kind) {
    case "text":
    case "tool_calls":
      return sendJson(res, 200, completionBody(reply, ctx));
    case "malformed":
      return sendJson(res, 200, reply.raw);
    case "drop":
      req.socket.destroy();
      return;
    case "hang":
      return untilClosed(res);
    case "sse":
      return sendJson(res, 500, errorBody("scripted-openai-server: an sse() reply needs a request with stream: true", "script_error"));
    case "error":
      return sendJson(res, reply.status, reply.body, reply.headers);
  }
}

function completionBody(reply: TextReply | ToolCallsReply, ctx: ReplyContext): unknown {
  const content = reply.kind === "text" ? reply.deltas.join("") : (reply.content ?? null);
  const message: Record<string, unknown> = { role: "assistant", content, refusal: null };
  if (reply.kind === "tool_calls") {
    message.tool_calls = reply.calls.map((call, n) => ({
      ...(reply.omitIds ? {} : { id: callId(call, ctx, n) }),
      type: "function",
      function: { name: call.name, arguments: argumentText(call) },
    }));
  }
  return {
    id: ctx.id,
    object: "chat.completion",
    created: 1_700_000_000,
    model: ctx.model,
    system_fingerprint: "fp_scripted",
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
    usage: usageFor(reply, ctx),
  };
}

async function streamReply(res: ServerResponse, reply: Exclude<StaticReply, ErrorReply | RawReply>, ctx: ReplyContext): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
  const writer = new SseWriter(res, ctx);
  switch (reply.kind) {
    case "text":
    case "tool_calls":
      return writer.completion(reply);
    case "sse":
      for (const [n, event] of reply.events.entries()) {
        if (n > 0) await writer.pause(reply.delayMs);
        await writer.data(typeof event === "string" ? event : JSON.stringify(event));
      }
      if (reply.done) await writer.data("[DONE]");
      return writer.end();
    case "drop":
      await writer.opening(reply.afterText);
      res.destroy();
      return;
    case "malformed":
      await writer.opening(reply.afterText);
      await writer.data(reply.raw);
      return writer.end();
    case "hang":
      if (reply.afterText !== undefined) await writer.opening(reply.afterText);
      return untilClosed(res);
  }
}

/** Writes OpenAI-format SSE chunks; each write resolves once flushed, and stops if the client left. */
class SseWriter {
  constructor(
    private readonly res: ServerResponse,
    private readonly ctx: ReplyContext,
  ) {}

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  data(payload: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.res.write(`data: ${payload}\n\n`, () => resolve()));
  }

  chunk(delta: Record<string, unknown>, finishReason: string | null = null): Promise<void> {
    const choice = { index: 0, delta, logprobs: null, finish_reason: finishReason };
    return this.data(JSON.stringify(this.envelope([choice])));
  }

  async pause(delayMs: number | undefined): Promise<void> {
    if (delayMs !== undefined && delayMs > 0 && !this.closed) await sleep(delayMs);
  }

  /** The role chunk, plus one text delta if given. */
  async opening(afterText: string | undefined): Promise<void> {
    await this.chunk({ role: "assistant", content: "", refusal: null });
    if (afterText !== undefined) await this.chunk({ content: afterText });
  }

  async completion(reply: TextReply | ToolCallsReply): Promise<void> {
    const deltas = this.deltasOf(reply);
    for (const [n, delta] of deltas.entries()) {
      if (n > 0) await this.pause(reply.delayMs);
      await this.chunk(delta);
    }
    await this.pause(reply.delayMs);
    await this.chunk({}, reply.finishReason);
    if (this.ctx.includeUsage) await this.data(JSON.stringify({ ...this.envelope([]), usage: usageFor(reply, this.ctx) }));
    await this.data("[DONE]");
    this.end();
  }

  end(): void {
    if (!this.closed) this.res.end();
  }

  private envelope(choices: unknown[]): Record<string, unknown> {
    return {
      id: this.ctx.id,
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: this.ctx.model,
      system_fingerprint: "fp_scripted",
      choices,
      ...(this.ctx.includeUsage ? { usage: null } : {}),
    };
  }

  private deltasOf(reply: TextReply | ToolCallsReply): Array<Record<string, unknown>> {
    if (reply.kind === "text") {
      return [{ role: "assistant", content: "", refusal: null }, ...reply.deltas.map((content) => ({ content }))];
    }
    const deltas: Array<Record<string, unknown>> = [{ role: "assistant", content: reply.content ?? null, refusal: null }];
    const headers = reply.calls.map((call, n) => ({
      index: n,
      ...(reply.omitIds ? {} : { id: callId(call, this.ctx, n) }),
      type: "function",
      function: { name: call.name, arguments: "" },
    }));
    const pieces = reply.calls.map((call) => splitInto(argumentText(call), reply.argChunks));
    const argDelta = (n: number, piece: string): Record<string, unknown> => ({ tool_calls: [{ index: n, function: { arguments: piece } }] });
    if (reply.interleave) {
      for (const header of headers) deltas.push({ tool_calls: [header] });
      const longest = Math.max(...pieces.map((list) => list.length));
      for (let i = 0; i < longest; i++) {
        for (const [n, list] of pieces.entries()) if (list[i] !== undefined) deltas.push(argDelta(n, list[i]!));
      }
      return deltas;
    }
    for (const [n, header] of headers.entries()) {
      deltas.push({ tool_calls: [header] });
      for (const piece of pieces[n] ?? []) deltas.push(argDelta(n, piece));
    }
    return deltas;
  }
}

function callId(call: ScriptedToolCall, ctx: ReplyContext, n: number): string {
  return call.id ?? `call_${ctx.requestIndex}_${n}`;
}

function argumentText(call: ScriptedToolCall): string {
  if (call.arguments === undefined) return "{}";
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
}

function usageFor(reply: TextReply | ToolCallsReply, ctx: ReplyContext): Usage {
  if (reply.usage !== undefined) return reply.usage;
  const produced = reply.kind === "text" ? reply.deltas.join("") : (reply.content ?? "") + reply.calls.map(argumentText).join("");
  const completion = Math.ceil(produced.length / 4);
  return { prompt_tokens: ctx.promptTokens, completion_tokens: completion, total_tokens: ctx.promptTokens + completion };
}

function untilClosed(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => res.once("close", () => resolve()));
}

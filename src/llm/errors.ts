/**
 * Errors of the model client: one `ModelError` with a `kind` and an actionable message, and an
 * `AbortError` for cancellation. Messages name the key's *source*, never the key itself.
 */
import type { APIError } from "openai";
import { isContextOverflowText, tokenCounts } from "./context-overflow.js";
import { loadedSdk, type Sdk } from "./sdk.js";
import { describeSource } from "./settings.js";
import type { ModelSettings } from "./types.js";

export type ModelErrorKind =
  | "auth"
  | "forbidden"
  | "not_found"
  | "rate_limit"
  | "server"
  | "bad_request"
  | "connection"
  | "timeout"
  | "protocol"
  /** The request does not fit the model's context window (see context-overflow.ts). */
  | "context_overflow";

export interface ModelErrorInit {
  kind: ModelErrorKind;
  retryable: boolean;
  status?: number;
  /** Server-requested wait before the next try (Retry-After / retry-after-ms), in ms. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class ModelError extends Error {
  override name = "ModelError";
  readonly kind: ModelErrorKind;
  readonly status: number | undefined;
  /** Whether another try could succeed (false for auth, not-found, bad request). */
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  /** Requests made before giving up (set by the retry loop). */
  attempts = 1;
  /** Text already streamed to `onTextDelta` before the failure, if any. */
  partialContent: string | undefined;
  /** context_overflow: the model's context and the prompt's size, in tokens, when known. */
  contextTokens: number | undefined;
  promptTokens: number | undefined;

  constructor(message: string, init: ModelErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.retryable = init.retryable;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Thrown when the caller's signal aborts a request or a retry wait. */
export class ModelAbortError extends Error {
  override name = "AbortError";
  constructor(message = "The model request was aborted") {
    super(message);
  }
}

/** True for our `ModelAbortError`, the SDK's `APIUserAbortError` and DOM/Node `AbortError`s. */
export function isAbortError(err: unknown): boolean {
  const sdk = loadedSdk();
  if (sdk !== undefined && err instanceof sdk.APIUserAbortError) return true;
  return typeof err === "object" && err !== null && (err as { name?: unknown }).name === "AbortError";
}

const SECRET_PATTERN = /\b(sk|rk|pk)-[A-Za-z0-9_-]{8,}/g;

/** Removes the key (and anything shaped like one) from text that may be shown or logged. */
function redactSecrets(text: string, apiKey: string): string {
  const withoutKey = apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text;
  return withoutKey.replace(SECRET_PATTERN, "$1-[redacted]");
}

/** Parses `retry-after-ms`, then `retry-after` (seconds or an HTTP date), into ms; undefined if absent. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms != null && Number.isFinite(Number.parseFloat(ms))) return Math.max(0, Number.parseFloat(ms));
  const value = headers?.get("retry-after");
  if (value == null || value.trim() === "") return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number.parseFloat(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type ErrorContext = Pick<ModelSettings, "baseUrl" | "model" | "source" | "apiKey">;

/** Turns what the SDK or the network threw into a `ModelError`; `undefined` for anything else (a bug, a callback's throw). */
export function toModelError(err: unknown, ctx: ErrorContext): ModelError | undefined {
  if (err instanceof ModelError) return err;
  const sdk = loadedSdk();
  if (sdk !== undefined) {
    const sdkError = fromSdkError(err, sdk, ctx);
    if (sdkError !== undefined) return sdkError;
  }
  if (err instanceof SyntaxError) {
    return new ModelError(
      `${ctx.baseUrl} sent a malformed stream chunk (not JSON: ${redactSecrets(err.message, ctx.apiKey).slice(0, 200)}). ` +
        `The server may not be OpenAI-compatible, or a proxy altered the stream.`,
      { kind: "protocol", retryable: true, cause: err },
    );
  }
  if (isNetworkError(err)) return connectionError(err, ctx, "during");
  return undefined;
}

function fromSdkError(err: unknown, sdk: Sdk, ctx: ErrorContext): ModelError | undefined {
  if (err instanceof sdk.APIConnectionTimeoutError) {
    return new ModelError(`No response from ${ctx.baseUrl} in time (request timed out).`, { kind: "timeout", retryable: true, cause: err });
  }
  if (err instanceof sdk.APIConnectionError) return connectionError(err, ctx, "before");
  if (err instanceof sdk.APIError) return statusError(err, ctx);
  return undefined;
}

function statusError(err: APIError, ctx: ErrorContext): ModelError {
  const status = err.status;
  const detail = serverDetail(err, ctx.apiKey);
  const cause = err;
  if (status === undefined) return inStreamError(err, ctx, detail);
  if (status === 401) return new ModelError(authMessage(ctx, detail), { kind: "auth", retryable: false, status, cause });
  if (status === 403) return new ModelError(forbiddenMessage(ctx, detail), { kind: "forbidden", retryable: false, status, cause });
  if (status === 404) return new ModelError(notFoundMessage(ctx, detail), { kind: "not_found", retryable: false, status, cause });
  // Before the 5xx branch: llama.cpp's server answers an oversized prompt with 500 in some versions.
  const overflow = overflowIn(err, detail, ctx, status);
  if (overflow !== undefined) return overflow;
  const retryAfterMs = parseRetryAfter(err.headers);
  const withWait = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 429) {
    return new ModelError(`Rate limited by ${ctx.baseUrl} (429): ${detail}`, { kind: "rate_limit", retryable: true, status, cause, ...withWait });
  }
  if (status === 408) {
    return new ModelError(`${ctx.baseUrl} timed out handling the request (408): ${detail}`, { kind: "timeout", retryable: true, status, cause, ...withWait });
  }
  if (status >= 500) {
    return new ModelError(`${ctx.baseUrl} failed with a server error (${status}): ${detail}`, { kind: "server", retryable: true, status, cause, ...withWait });
  }
  const message = `${ctx.baseUrl} rejected the request for model "${ctx.model}" (${status}): ${detail}`;
  return new ModelError(message, { kind: "bad_request", retryable: false, status, cause });
}

/** The request did not fit the model's context, in any provider's words (context-overflow.ts). */
function overflowIn(err: APIError, detail: string, ctx: ErrorContext, status: number): ModelError | undefined {
  const body = err.error as { code?: unknown; type?: unknown; n_ctx?: unknown; n_prompt_tokens?: unknown } | undefined;
  const said = [detail, String(body?.code ?? ""), String(body?.type ?? "")];
  if (!said.some((text) => isContextOverflowText(text))) return undefined;
  const count = (v: unknown): number | undefined => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined);
  const message = `${ctx.baseUrl} rejected the request for model "${ctx.model}" (${status}): ${detail}`;
  return contextOverflowError(message, detail, { status, cause: err, contextTokens: count(body?.n_ctx), promptTokens: count(body?.n_prompt_tokens) });
}

/**
 * An error event inside a 200 stream (OpenRouter, vLLM, LiteLLM send `{"error": {"code": 400, ...}}`):
 * its code says whether another try can succeed. A 4xx other than 408/429 never will.
 */
function inStreamError(err: APIError, ctx: ErrorContext, detail: string): ModelError {
  const body = (err.error ?? {}) as { code?: unknown; type?: unknown; status?: unknown };
  const code = httpCodeOf(body.code) ?? httpCodeOf(body.status);
  const cause = err;
  const where = `${ctx.baseUrl} reported an error mid-reply`;
  if (code === 429) return new ModelError(`${where} (rate limited, 429): ${detail}`, { kind: "rate_limit", retryable: true, cause });
  // A status code decides; only without one does the error type (or a string code) say it.
  const clientError = code !== undefined ? code >= 400 && code < 500 && code !== 408 : NOT_RETRYABLE_TYPES.has(String(body.type ?? body.code));
  if (clientError) {
    return new ModelError(`${where}${code === undefined ? "" : ` (${code})`}, which another try cannot fix: ${detail}`, {
      kind: "bad_request",
      retryable: false,
      ...(code === undefined ? {} : { status: code }),
      cause,
    });
  }
  return new ModelError(`${where}${code === undefined ? "" : ` (${code})`}: ${detail}`, { kind: "server", retryable: true, cause });
}

/** Error types (or string codes) that mean the request itself is wrong. */
const NOT_RETRYABLE_TYPES = new Set(["invalid_request_error", "context_length_exceeded", "invalid_prompt", "BadRequestError", "NotFoundError", "authentication_error", "permission_error"]);

/** The HTTP status in an error code: 400 from 400 or "400"; undefined for anything else. */
function httpCodeOf(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 100 && n < 600 ? n : undefined;
}

function serverDetail(err: APIError, apiKey: string): string {
  const body = err.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" && body.message !== "" ? body.message : err.message;
  return redactSecrets(text, apiKey).slice(0, 500);
}

function authMessage(ctx: ErrorContext, detail: string): string {
  if (ctx.source.apiKey.from === "none") {
    return (
      `${ctx.baseUrl} requires an API key (401), and none is configured (${describeSource(ctx.source.apiKey)}). ` +
      `Set OPENAI_API_KEY, or model.apiKey / model.apiKeyEnv in config.yaml. Server said: ${detail}`
    );
  }
  return (
    `The API key from ${describeSource(ctx.source.apiKey)} was rejected by ${ctx.baseUrl} (401). ` +
    `Check that it is valid for this endpoint, or set the right one there. Server said: ${detail}`
  );
}

function forbiddenMessage(ctx: ErrorContext, detail: string): string {
  return (
    `${ctx.baseUrl} refused access (403) with the API key from ${describeSource(ctx.source.apiKey)}: ` +
    `the key lacks permission for model "${ctx.model}" or for this endpoint. Use a key with access, or another model. Server said: ${detail}`
  );
}

function notFoundMessage(ctx: ErrorContext, detail: string): string {
  return (
    `Not found (404) at ${ctx.baseUrl}: either the model "${ctx.model}" (from ${describeSource(ctx.source.model)}) does not exist there, ` +
    `or the base URL (from ${describeSource(ctx.source.baseUrl)}) is wrong (OpenAI-compatible APIs usually end in /v1). ` +
    `Run \`quiver doctor\` to check the endpoint and list its models. Server said: ${detail}`
  );
}

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The errno-style code somewhere in the cause chain ("ECONNREFUSED", "UND_ERR_SOCKET"). */
function networkCode(err: unknown): string | undefined {
  for (let current = err, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** undici reports a body cut off mid-stream as `TypeError: terminated`. */
function isNetworkError(err: unknown): boolean {
  if (networkCode(err) !== undefined) return true;
  return err instanceof TypeError && err.message === "terminated";
}

/** Codes meaning nothing answered at that address, as opposed to a connection that broke. */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function connectionError(err: unknown, ctx: ErrorContext, when: "before" | "during"): ModelError {
  const code = networkCode(err);
  const suffix = code === undefined ? "" : ` (${code})`;
  let message: string;
  if (when === "during") message = `The connection to ${ctx.baseUrl} dropped mid-reply${suffix}.`;
  else if (code !== undefined && !UNREACHABLE_CODES.has(code)) message = `The connection to ${ctx.baseUrl} closed before a reply${suffix}.`;
  else {
    message =
      `Could not connect to ${ctx.baseUrl}${suffix}. Is the server running, and is the base URL ` +
      `(from ${describeSource(ctx.source.baseUrl)}) right?`;
  }
  return new ModelError(message, { kind: "connection", retryable: true, cause: err });
}

/** A request that does not fit the model's context; counts the caller measured win over the ones read from `detail`. */
export function contextOverflowError(
  message: string,
  detail: string,
  init: { status?: number; cause?: unknown; contextTokens?: number | undefined; promptTokens?: number | undefined },
): ModelError {
  const read = tokenCounts(detail);
  const error = new ModelError(message, { kind: "context_overflow", retryable: false, ...(init.status === undefined ? {} : { status: init.status }), cause: init.cause });
  error.contextTokens = init.contextTokens ?? read.contextTokens;
  error.promptTokens = init.promptTokens ?? read.promptTokens;
  return error;
}

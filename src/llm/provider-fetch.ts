/**
 * The HTTP half of the normalising layer: two shapes the SDK cannot read, rewritten before it
 * sees them, for the lean chat path (`chat-post.ts`) and, as a `fetch` wrapper, for the SDK's
 * own requests (`/models`).
 * - An error body in any shape (an object, Gemini's array-wrapped object, plain text, an HTML
 *   page) becomes OpenAI's `{"error": {"message", ...}}`, so the provider's own words reach the user
 *   instead of "400 status code (no body)".
 * - A non-streamed JSON answer to a `stream: true` request (some proxies do this) becomes a
 *   one-event SSE stream, which the assembler reads as a whole turn.
 */

type Fetch = typeof fetch;

const MAX_ERROR_TEXT = 500;

/** A `fetch` for the SDK's own requests (`/models`) whose error answers read as OpenAI's. */
export function providerFetch(inner: Fetch = fetch): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    return response.status >= 400 ? normalizeErrorResponse(response) : response;
  };
}

/** A whole JSON answer as the SSE stream a stream request expects: one event, then `[DONE]`. */
export function eventStreamOfJson(text: string): string {
  const events = text.trim() === "" ? "" : `data: ${text.replace(/\r?\n/g, " ")}\n\n`;
  return `${events}data: [DONE]\n\n`;
}

/** Whether an answer's content type says JSON. */
export function isJsonType(contentType: string | null): boolean {
  return (contentType ?? "").toLowerCase().includes("json");
}

async function normalizeErrorResponse(response: Response): Promise<Response> {
  const text = await response.text().catch(() => "");
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const body = errorBody(text, response.headers.get("content-type"));
  // No body: the SDK says so itself ("status code (no body)").
  if (body === undefined) return new Response("", { status: response.status, statusText: response.statusText, headers });
  headers.set("content-type", "application/json");
  headers.delete("content-encoding");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

/** OpenAI's `{"error": {...}}` for an error answer's body, whatever shape the provider wrote; undefined for an empty body. */
export function errorBody(text: string, contentType: string | null): { error: Record<string, unknown> } | undefined {
  return text.trim() === "" ? undefined : { error: errorFromBody(text, contentType ?? "") };
}

/** OpenAI's error object for whatever (non-empty) body the provider wrote, with a `message` string. */
function errorFromBody(text: string, contentType = ""): Record<string, unknown> {
  const parsed = parseJson(text);
  if (parsed !== undefined) return errorFromJson(parsed, text);
  const plain = /html/i.test(contentType) || /^\s*</.test(text) ? stripHtml(text) : text.trim();
  return { message: cut(plain) };
}

function errorFromJson(value: unknown, raw: string): Record<string, unknown> {
  // Gemini's OpenAI endpoint wraps its error in an array: [{"error": {...}}].
  const body = Array.isArray(value) ? value.find((entry) => isRecord(entry)) : value;
  if (!isRecord(body)) return { message: cut(raw.trim()) };
  const inner = body.error;
  if (isRecord(inner)) return { ...inner, message: messageOf(inner) ?? cut(JSON.stringify(inner)) };
  if (typeof inner === "string") return { ...body, message: inner };
  return { ...body, message: messageOf(body) ?? cut(raw.trim()) };
}

/** `message` as a string, or `detail` (FastAPI, Mistral's 422), or a nested message object. */
function messageOf(record: Record<string, unknown>): string | undefined {
  for (const key of ["message", "detail", "msg", "error_description"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return cut(value.trim());
    if (Array.isArray(value) && value.length > 0) return cut(value.map(describeDetail).join("; "));
    if (isRecord(value)) {
      const nested = messageOf(value);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

/** One pydantic-style validation entry: `{loc: ["body","stream_options"], msg: "Extra inputs are not permitted"}`. */
function describeDetail(entry: unknown): string {
  if (!isRecord(entry)) return String(entry);
  const loc = Array.isArray(entry.loc) ? entry.loc.map(String).join(".") : undefined;
  const msg = typeof entry.msg === "string" ? entry.msg : typeof entry.message === "string" ? entry.message : JSON.stringify(entry);
  return loc === undefined ? msg : `${loc}: ${msg}`;
}

function stripHtml(html: string): string {
  const withoutBlocks = html.replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, " ");
  const text = withoutBlocks
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
  return cut(text.replace(/\s+/g, " ").trim());
}

function cut(text: string): string {
  return text.length <= MAX_ERROR_TEXT ? text : `${text.slice(0, MAX_ERROR_TEXT)}…`;
}

function parseJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

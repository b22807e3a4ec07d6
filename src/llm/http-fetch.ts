/**
 * A `fetch` for the openai SDK on node:http(s) with keep-alive agents. It answers like the global
 * fetch (undici) for what the SDK sends, a URL and an init with a string or bytes body, at about
 * half undici's cost per request: on a fast endpoint that was most of quiver's share of a round.
 * Anything else (a `Request`, a streamed or form body, `redirect` other than "follow") goes to the
 * global fetch unchanged.
 *
 * Parity kept on purpose, since the SDK and `errors.ts` read it: connection failures reject with
 * `TypeError("fetch failed", { cause })`, a body cut off mid-stream errors with
 * `TypeError("terminated", { cause })`, an abort rejects (or errors the body) with the signal's
 * `AbortError`, redirects are followed as fetch does, gzip/deflate/br bodies are decoded.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

type Fetch = typeof fetch;

/** undici's default: idle sockets close after 4 s, before the usual 5 s server keep-alive timeout. */
const IDLE_SOCKET_MS = 4_000;
const MAX_REDIRECTS = 20;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

let agents: { http: http.Agent; https: https.Agent } | undefined;

function agentFor(url: URL): http.Agent {
  agents ??= {
    http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return url.protocol === "https:" ? agents.https : agents.http;
}

interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  signal: AbortSignal | undefined;
}

export function httpFetch(fallback: Fetch = fetch): Fetch {
  return (input, init) => {
    const outgoing = plainRequest(input, init);
    return outgoing === undefined ? fallback(input, init) : send(outgoing, 0);
  };
}

/** The request as node:http can send it, or undefined when only the global fetch can. */
function plainRequest(input: Parameters<Fetch>[0], init: RequestInit | undefined): Outgoing | undefined {
  if (typeof input !== "string" && !(input instanceof URL)) return undefined;
  if (init?.redirect !== undefined && init.redirect !== "follow") return undefined;
  const body = bodyBytes(init?.body);
  if (body === null) return undefined;
  const url = new URL(input);
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  return { url, method: (init?.method ?? "GET").toUpperCase(), headers, body, signal: init?.signal ?? undefined };
}

/** A string or bytes body as is; undefined for none; null for a kind only the global fetch sends. */
function bodyBytes(body: RequestInit["body"] | undefined): Uint8Array | string | undefined | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return null;
}

function send(request: Outgoing, redirects: number): Promise<Response> {
  const { url, signal } = request;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<Response>((resolve, reject) => {
    const headers = { ...request.headers };
    if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
    const options = { method: request.method, headers, agent: agentFor(url) };
    const req = (url.protocol === "https:" ? https : http).request(url, options, (res) => {
      signal?.removeEventListener("abort", onAbort);
      const next = redirectOf(request, res, redirects);
      if (next !== undefined) {
        res.resume();
        send(next, redirects + 1).then(resolve, reject);
        return;
      }
      resolve(toResponse(res, signal));
    });
    const onAbort = (): void => {
      req.destroy();
      reject(abortReason(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    // `on`, not `once`: a socket can report more than one error, and an unheard one would crash the process.
    req.on("error", (err) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? abortReason(signal) : new TypeError("fetch failed", { cause: err }));
    });
    req.end(request.body);
  });
}

/** The next request of a redirect fetch would follow, or undefined when `res` is the answer. */
function redirectOf(request: Outgoing, res: IncomingMessage, redirects: number): Outgoing | undefined {
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (![301, 302, 303, 307, 308].includes(status) || location === undefined || redirects >= MAX_REDIRECTS) return undefined;
  const url = new URL(location, request.url);
  const headers = { ...request.headers };
  // As the fetch standard: a cross-origin hop drops credentials, and 303 (or 301/302 after a POST) becomes a GET without body.
  if (url.origin !== request.url.origin) delete headers.authorization;
  const toGet = status === 303 ? request.method !== "HEAD" : (status === 301 || status === 302) && request.method === "POST";
  if (!toGet) return { ...request, url, headers };
  for (const name of Object.keys(headers)) if (name.startsWith("content-")) delete headers[name];
  return { ...request, url, headers, method: "GET", body: undefined };
}

function toResponse(res: IncomingMessage, signal: AbortSignal | undefined): Response {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header undici would also refuse (invalid characters): left out rather than failing the response.
    }
  }
  const status = res.statusCode ?? 0;
  const init = { status, statusText: res.statusMessage ?? "", headers };
  if (NULL_BODY_STATUSES.has(status)) {
    res.resume();
    return new Response(null, init);
  }
  const decoded = decode(res, headers);
  if (decoded !== res) {
    // The decoded length is not the sent one.
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  return new Response(webBody(res, decoded, signal), init);
}

function decode(res: IncomingMessage, headers: Headers): Readable {
  const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
  // Lenient like undici: a stream the server flushed but never finished still yields what it holds.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (encoding === "gzip" || encoding === "x-gzip") return res.pipe(zlib.createGunzip(flush));
  if (encoding === "deflate") return res.pipe(zlib.createInflate(flush));
  if (encoding === "br") return res.pipe(zlib.createBrotliDecompress());
  return res;
}

/**
 * The response body as the web stream a `Response` holds, with backpressure; it errors as
 * undici's does when the connection drops before the end, and with the `AbortError` on abort.
 */
function webBody(res: IncomingMessage, body: Readable, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let settled = false;
  let onAbort: (() => void) | undefined;
  const finish = (): void => {
    settled = true;
    if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (err: unknown): void => {
        if (settled) return;
        finish();
        controller.error(err);
        res.destroy();
      };
      onAbort = () => fail(abortReason(signal!));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      body.on("data", (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) body.pause();
      });
      body.once("end", () => {
        if (settled) return;
        finish();
        controller.close();
      });
      const terminated = (err: unknown): void => fail(new TypeError("terminated", { cause: err }));
      body.on("error", terminated);
      if (body !== res) res.on("error", terminated);
      // The socket closed before the whole body came (a reset, a killed server).
      res.once("close", () => {
        if (!res.complete) fail(new TypeError("terminated", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }));
      });
    },
    pull() {
      body.resume();
    },
    cancel() {
      finish();
      res.destroy();
    },
  });
}

/** What undici rejects with: the signal's reason (an `AbortError` DOMException for a plain `abort()`). */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

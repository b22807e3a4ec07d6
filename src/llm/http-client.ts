/**
 * HTTP for model requests on node:http(s) with keep-alive agents, answering with a Node stream
 * rather than a WHATWG `Response`: undici's fetch and its web streams cost about twice as much
 * per request, which on a fast endpoint was most of quiver's own share of a round.
 *
 * It keeps fetch's behaviour where callers rely on it: a failed connection rejects with
 * `TypeError("fetch failed", { cause })` (the system error, e.g. ECONNREFUSED, as cause), an
 * abort rejects (or ends the body) with the signal's reason, redirects are followed as fetch
 * follows them, gzip/deflate/br bodies are decoded, and idle connections never keep the process
 * alive (they close after 4 s, or before the server's announced keep-alive timeout).
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

export interface HttpRequest {
  method: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  /**
   * The decoded body: an async iterable of bytes. It errors with the signal's reason on abort,
   * and with a connection error (ECONNRESET, "terminated") when the server drops mid-body.
   */
  body: Readable;
  /** The whole body as UTF-8 text. */
  text(): Promise<string>;
}

/** undici's default: idle sockets close after 4 s, before the usual 5 s server keep-alive timeout. */
const IDLE_SOCKET_MS = 4_000;
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

let agents: { http: http.Agent; https: https.Agent } | undefined;

function agentFor(url: URL): http.Agent {
  agents ??= {
    http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return url.protocol === "https:" ? agents.https : agents.http;
}

// A client sends every request to one URL: parsing it once saves a URL parse per request.
let lastUrl: { text: string; url: URL } | undefined;

function parseUrl(text: string): URL {
  if (lastUrl?.text === text) return lastUrl.url;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`Cannot send a model request to ${text}: only http: and https: URLs work.`);
  lastUrl = { text, url };
  return url;
}

export async function httpRequest(url: string, request: HttpRequest): Promise<HttpAnswer> {
  return send(parseUrl(url), request, 0);
}

function send(url: URL, request: HttpRequest, redirects: number): Promise<HttpAnswer> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<HttpAnswer>((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
    const options = { method: request.method, headers, agent: agentFor(url) };
    const req = (url.protocol === "https:" ? https : http).request(url, options, (res) => {
      signal?.removeEventListener("abort", onAbort);
      const next = redirectOf(url, request, res, redirects);
      if (next === undefined) return resolve(answer(res, signal));
      res.resume();
      send(next.url, next.request, redirects + 1).then(resolve, reject);
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

/** The next hop when fetch would follow `res`, or undefined when `res` is the answer. */
function redirectOf(url: URL, request: HttpRequest, res: IncomingMessage, redirects: number): { url: URL; request: HttpRequest } | undefined {
  const location = res.headers.location;
  if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined || redirects >= MAX_REDIRECTS) return undefined;
  const next = new URL(location, url);
  const headers: Record<string, string> = { ...request.headers };
  // As the fetch standard: a cross-origin hop drops credentials, and 303 (or 301/302 after a POST) becomes a GET without body.
  if (next.origin !== url.origin) delete headers.authorization;
  const status = res.statusCode;
  const toGet = status === 303 ? request.method !== "HEAD" : (status === 301 || status === 302) && request.method === "POST";
  if (!toGet) return { url: next, request: { ...request, headers } };
  for (const name of Object.keys(headers)) if (name.startsWith("content-")) delete headers[name];
  const { body: _dropped, ...rest } = request;
  return { url: next, request: { ...rest, headers, method: "GET" } };
}

function answer(res: IncomingMessage, signal: AbortSignal | undefined): HttpAnswer {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header fetch would refuse too (invalid characters): left out rather than failing the answer.
    }
  }
  const body = decoded(res, headers);
  // Readers see errors through iteration; without a listener, one arriving before they start would crash the process.
  body.on("error", () => {});
  watch(res, body, signal);
  return { status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers, body, text: () => readText(body) };
}

function decoded(res: IncomingMessage, headers: Headers): Readable {
  const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
  // Lenient like undici: a stream the server flushed but never finished still yields what it holds.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const decoder =
    encoding === "gzip" || encoding === "x-gzip" ? zlib.createGunzip(flush)
    : encoding === "deflate" ? zlib.createInflate(flush)
    : encoding === "br" ? zlib.createBrotliDecompress()
    : undefined;
  if (decoder === undefined) return res;
  // The decoded length is not the one sent.
  headers.delete("content-encoding");
  headers.delete("content-length");
  return res.pipe(decoder);
}

/** Ends `body` with the abort's reason, or a connection error when the server drops mid-body. */
function watch(res: IncomingMessage, body: Readable, signal: AbortSignal | undefined): void {
  const onAbort = (): void => {
    body.destroy(abortReason(signal!) as Error);
    res.destroy();
  };
  if (signal?.aborted) return onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  res.once("close", () => {
    signal?.removeEventListener("abort", onAbort);
    if (!res.complete && !body.destroyed) body.destroy(new TypeError("terminated", { cause: connectionReset() }));
  });
  if (body !== res) res.on("error", (err) => body.destroy(new TypeError("terminated", { cause: err })));
}

async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function connectionReset(): Error {
  return Object.assign(new Error("other side closed"), { code: "ECONNRESET" });
}

/** What fetch rejects with: the signal's reason (an `AbortError` DOMException for a plain `abort()`). */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

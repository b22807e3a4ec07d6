/**
 * `quiver serve --http --stateless`: no MCP session, nothing kept per client between requests.
 * Each POST gets its own SDK server and transport, gone once its response is sent; every event
 * of its stream goes to the shared `ServeStore`. A client whose stream broke resumes with GET
 * and `Last-Event-ID` at any instance, which replays the stream from the store and follows it
 * until its response, even while another instance is still finishing the call.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import { createLogger } from "../registry/index.js";
import { cancelledMark, isResponse } from "./serve-store.js";
import { StatelessCancels } from "./stateless-cancel.js";
import type { ServeStore } from "./serve-store.js";
import { createQuiverMcpServer } from "./server.js";
import type { QuiverServerOptions } from "./server.js";

const log = createLogger("mcp-serve");

/** A follower with nothing new for this long gives up; the client may resume again. */
const FOLLOW_IDLE_MS = 5 * 60_000;
/** Resumes followed at once; more get 503 (each polls the store until its stream ends). */
const MAX_FOLLOWERS = 1_000;
/** SSE comment sent this often on a quiet follow, so proxies keep the connection. */
const KEEP_ALIVE_MS = 15_000;
/** Below this revision clients get no priming event, so their streams cannot be resumed. */
const RESUMABLE_REVISION = "2025-11-25";
/** The SDK transport's name for its GET (notification) stream. */
const STANDALONE_STREAM = "_GET_stream";

interface InFlight {
  transport: StreamableHTTPServerTransport;
  /** Request ids of the POST still without a response, and how each stops being cancellable. */
  pending: Map<string | number, () => void>;
  resumable: boolean;
  finished: Promise<void>;
  /** The POST's stream in the store, once its first event is written. */
  streamId?: string;
  end(): void;
}

export class StatelessHttp {
  readonly #store: ServeStore;
  readonly #serverOpts: QuiverServerOptions;
  readonly #retryMs: number;
  readonly #inFlight = new Set<InFlight>();
  readonly #followers = new Set<ServerResponse>();
  readonly #cancels: StatelessCancels;
  #draining = false;

  constructor(store: ServeStore, serverOpts: QuiverServerOptions, retryMs: number) {
    this.#store = store;
    this.#cancels = new StatelessCancels(store);
    this.#serverOpts = serverOpts;
    this.#retryMs = retryMs;
  }

  /** Resolves once cancels sent to other instances reach this one. */
  ready(): Promise<void> {
    return this.#cancels.ready();
  }

  /**
   * The store as one POST's transport sees it, noting the POST's stream. Events of the
   * transport's own GET stream (one fixed id in every transport, and no client listening) are
   * not stored: they would mix.
   */
  #eventsOf(entry: { streamId?: string }): EventStore {
    const store = this.#store;
    return {
      storeEvent: async (streamId, message) => {
        if (streamId === STANDALONE_STREAM) return `${STANDALONE_STREAM}/0`;
        entry.streamId = streamId;
        return store.storeEvent(streamId, message);
      },
      getStreamIdForEventId: (eventId) => store.getStreamIdForEventId?.(eventId) ?? Promise.resolve(undefined),
      replayEventsAfter: (eventId, sink) => store.replayEventsAfter(eventId, sink),
    };
  }

  get store(): ServeStore {
    return this.#store;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  async handlePost(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    // A cancel is a POST of its own, at any instance: passed on to the one running its request.
    await this.#cancels.forward(req, body);
    const noted: { streamId?: string } = {};
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, eventStore: this.#eventsOf(noted), retryInterval: this.#retryMs });
    const server = createQuiverMcpServer(this.#serverOpts);
    const pending = new Map<string | number, () => void>();
    let finish: () => void = () => undefined;
    const entry: InFlight = {
      transport,
      pending,
      resumable: resumableRevision(req),
      finished: new Promise<void>((resolve) => (finish = resolve)),
      get streamId() {
        return noted.streamId;
      },
      end: () => {
        if (!this.#inFlight.delete(entry)) return;
        for (const untrack of pending.values()) untrack();
        finish();
        void server.close().catch(() => undefined);
      },
    };
    const end = entry.end;
    for (const id of requestIds(body)) pending.set(id, this.#cancels.track(req, id, (reason) => void this.#cancel(entry, id, reason)));
    // The response goes to the store even when the client's stream is gone (drain, cut): only then is the call done here.
    const send = transport.send.bind(transport);
    transport.send = async (message, options) => {
      await send(message, options);
      if (isResponse(message) && settle(pending, (message as { id: string | number }).id) && pending.size === 0) end();
    };
    this.#inFlight.add(entry);
    // A request the transport refused (bad header, bad JSON-RPC) never reaches the server: nothing runs on.
    let delivered = false;
    res.once("close", () => {
      if (pending.size === 0 || !delivered) end();
    });
    await server.connect(transport);
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      delivered = true;
      receive?.(message, extra);
    };
    await transport.handleRequest(req, res, body);
    if (pending.size === 0 || (!delivered && res.writableEnded)) end();
  }

  /**
   * The client cancelled request `id` (at any instance): its handler is aborted as the SDK
   * does (ctx.signal; no response is sent), the store marks the stream ended so a client that
   * resumes it is not kept waiting, and the stream is closed.
   */
  async #cancel(entry: InFlight, id: string | number, reason: string | undefined): Promise<void> {
    if (!settle(entry.pending, id)) return;
    entry.transport.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, ...(reason !== undefined && { reason }) } });
    if (entry.streamId !== undefined) await this.#store.storeEvent(entry.streamId, cancelledMark(id)).catch((err: unknown) => log.debug(`cancel mark not stored: ${String(err)}`));
    entry.transport.closeSSEStream(id);
    if (entry.pending.size === 0) entry.end();
  }

  /** GET with Last-Event-ID: the stream's missed events from the store, then its new ones until its response. */
  async handleResume(lastEventId: string, res: ServerResponse): Promise<void> {
    if (this.#followers.size >= MAX_FOLLOWERS) {
      res.setHeader("Retry-After", "1");
      return sendJsonError(res, 503, -32000, `Server busy: ${MAX_FOLLOWERS} resumed streams are open here; resume again in a second`);
    }
    const first = await this.#store.eventsAfter(lastEventId);
    if (first === undefined) return sendJsonError(res, 404, -32001, `Unknown Last-Event-ID ${JSON.stringify(lastEventId)}: the stream expired or never existed; send the request again`);
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" });
    res.flushHeaders();
    this.#followers.add(res);
    let open = true;
    res.once("close", () => {
      open = false;
      this.#followers.delete(res);
    });
    let cursor = lastEventId;
    let { events, ended } = first;
    let quietSince = Date.now();
    let lastWrite = Date.now();
    while (open && !this.#draining) {
      for (const event of events) {
        res.write(`event: message\nid: ${event.id}\ndata: ${JSON.stringify(event.message)}\n\n`);
        cursor = event.id;
        if (isResponse(event.message)) return void res.end();
      }
      // Its response went out before this id: nothing more will come.
      if (ended && events.length === 0) return void res.end();
      if (events.length > 0) quietSince = lastWrite = Date.now();
      if (Date.now() - quietSince > FOLLOW_IDLE_MS) break;
      if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
        res.write(": keep-alive\n\n");
        lastWrite = Date.now();
      }
      await this.#store.waitForEvent(first.streamId, KEEP_ALIVE_MS);
      const tail = await this.#store.eventsAfter(cursor);
      if (tail === undefined) break;
      ({ events, ended } = tail);
    }
    // Draining or idle: tell the client when to come back (it resumes from its last id elsewhere).
    if (open) res.end(`retry: ${this.#retryMs}\n\n`);
  }

  /**
   * Closes the streams of in-flight calls (their clients resume elsewhere, after the `retry` of
   * their priming event) and of followers, then waits up to `timeoutMs` for the calls to put
   * their results in the store. Resolves with the calls still unfinished.
   */
  async drain(timeoutMs: number): Promise<number> {
    this.#draining = true;
    for (const res of this.#followers) res.end(`retry: ${this.#retryMs}\n\n`);
    for (const entry of this.#inFlight) {
      if (!entry.resumable) continue;
      for (const id of entry.pending.keys()) entry.transport.closeSSEStream(id);
    }
    const all = Promise.all([...this.#inFlight].map((entry) => entry.finished));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    if (this.#inFlight.size > 0) log.warn(`drain: ${this.#inFlight.size} call(s) still running after ${timeoutMs / 1000} s; their clients get no result`);
    return this.#inFlight.size;
  }

  async close(): Promise<void> {
    await this.#cancels.close();
    for (const res of this.#followers) res.destroy();
    await Promise.all([...this.#inFlight].map((entry) => entry.transport.close().catch(() => undefined)));
  }
}

/** Takes `id` off the POST's pending requests (no longer cancellable); false when it was not there. */
function settle(pending: Map<string | number, () => void>, id: string | number): boolean {
  const untrack = pending.get(id);
  if (untrack === undefined) return false;
  pending.delete(id);
  untrack();
  return true;
}

function requestIds(body: unknown): Array<string | number> {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.flatMap((m) => {
    const message = m as Partial<JSONRPCMessage> & { id?: unknown; method?: unknown };
    return typeof message.method === "string" && (typeof message.id === "string" || typeof message.id === "number") ? [message.id] : [];
  });
}

function resumableRevision(req: IncomingMessage): boolean {
  const revision = req.headers["mcp-protocol-version"];
  // initialize carries no header; its stream is short.
  return typeof revision === "string" && revision >= RESUMABLE_REVISION;
}

export function sendJsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

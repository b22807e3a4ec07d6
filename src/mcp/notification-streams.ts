/**
 * The standalone notification stream (`GET /mcp`) of a 2025-11-25 client on stateless serve.
 * No session ties the stream to anything, so it carries what concerns every client alike: the
 * tools, prompts and resources `list_changed` the shared event bus brings, from whichever
 * instance saw the change. It has no event ids: a client whose stream ends opens a new one (after
 * the `retry` sent first), at any instance. `resources/updated` needs a subscription, and a
 * stateless server keeps none, so it is not sent here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { sendJsonError } from "./stateless-http.js";

/** Streams open at once per instance; more get 503. */
const MAX_STREAMS = 1_000;
/** SSE comment sent this often, so proxies keep a quiet connection. */
const KEEP_ALIVE_MS = 15_000;

const NOTIFICATIONS: Partial<Record<ServerEvent["kind"], string>> = {
  tools_list_changed: "notifications/tools/list_changed",
  prompts_list_changed: "notifications/prompts/list_changed",
  resources_list_changed: "notifications/resources/list_changed",
};

export class NotificationStreams {
  readonly #bus: ServerEventBus;
  readonly #retryMs: number;
  readonly #open = new Set<ServerResponse>();

  constructor(bus: ServerEventBus, retryMs: number) {
    this.#bus = bus;
    this.#retryMs = retryMs;
  }

  get size(): number {
    return this.#open.size;
  }

  /** Answers a GET without Last-Event-ID: an SSE stream of the bus's list changes, until the client leaves. */
  open(req: IncomingMessage, res: ServerResponse): void {
    if (!String(req.headers.accept ?? "").includes("text/event-stream")) {
      return sendJsonError(res, 406, -32000, "Not Acceptable: the notification stream (GET) is Server-Sent Events; send Accept: text/event-stream");
    }
    if (this.#open.size >= MAX_STREAMS) {
      res.setHeader("Retry-After", "5");
      return sendJsonError(res, 503, -32000, `Server busy: ${MAX_STREAMS} notification streams are open here; open it again later (or at another instance)`);
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" });
    res.write(`retry: ${this.#retryMs}\n\n`);
    this.#open.add(res);
    const stop = this.#bus.subscribe((event) => {
      const method = NOTIFICATIONS[event.kind];
      if (method !== undefined) res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method })}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    keepAlive.unref();
    res.once("close", () => {
      stop();
      clearInterval(keepAlive);
      this.#open.delete(res);
    });
  }

  /** Ends every stream: their clients open new ones (after `retry`), at another instance. */
  drain(): void {
    for (const res of this.#open) res.end();
  }

  close(): void {
    for (const res of this.#open) res.destroy();
  }
}

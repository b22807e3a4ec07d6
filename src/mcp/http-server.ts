/**
 * `quiver serve --http`: the registry over MCP Streamable HTTP. 2025-era clients get one SDK
 * transport and server per session (below); 2026-07-28 requests are stateless and go to
 * http-modern.ts. Bound to 127.0.0.1 by default. A non-loopback bind needs a bearer token, checked on
 * every request; on loopback, Host and Origin are checked so a web page cannot reach the
 * server through DNS rebinding.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type { ServerEventBus } from "@modelcontextprotocol/server";
import { createLogger } from "../registry/index.js";
import { MemoryEventStore } from "./event-store.js";
import type { EventStore } from "./event-store.js";
import { modernHttpEndpoint } from "./http-modern.js";
import type { ModernHttpOptions } from "./http-modern.js";
import { HttpSessionTable } from "./http-sessions.js";
import type { ServeStore } from "./serve-store.js";
import { StatelessHttp } from "./stateless-http.js";
import { NotificationStreams } from "./notification-streams.js";
import { StoreEventBus } from "./serve-bus.js";
import { FlightRouter } from "./flight-routing.js";
import type { SessionLimits } from "./http-sessions.js";
import { createQuiverMcpServer } from "./server.js";
import type { QuiverServerOptions } from "./server.js";

const log = createLogger("mcp-serve");

const DEFAULT_HTTP_HOST = "127.0.0.1";
const MCP_HTTP_PATH = "/mcp";
/** Answers 200 while the instance takes requests, 503 once it drains: for load balancers. */
const HEALTH_PATH = "/healthz";
/** How long a drain waits for in-flight calls before the instance exits anyway. */
const DEFAULT_DRAIN_MS = 30_000;
/** The 2026-07-28 request that holds a notification stream open. */
const LISTEN_METHOD = "subscriptions/listen";
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Seconds a client refused for lack of room is told to wait (Retry-After). */
const RETRY_AFTER_S = 5;
const REFUSAL_WARNING_INTERVAL_MS = 60_000;
/** How long a client whose stream dropped waits before it resumes (the SSE `retry` field). */
const DEFAULT_RETRY_MS = 1_000;

export interface HttpServeOptions extends QuiverServerOptions, ModernHttpOptions {
  /** 0 picks a free port (see `port` of the result). */
  port: number;
  host?: string;
  /** Required for a non-loopback host; when set, every request must send `Authorization: Bearer <token>`. */
  token?: string;
  /** How many sessions, and when one may be closed to make room (see http-sessions.ts). */
  sessionLimits?: Partial<SessionLimits>;
  /**
   * A new event store for each session, for `Last-Event-ID` resumption (default: a bounded
   * in-memory `MemoryEventStore`). Any SDK `EventStore` fits, e.g. one backed by a database;
   * a factory that returns undefined turns resumption off.
   */
  eventStore?: () => EventStore | undefined;
  /** The SSE `retry` sent in each stream's priming event, in ms (default 1000). */
  retryMs?: number;
  /**
   * No sessions: every request stands alone and stream events go to `store`, so instances
   * behind a load balancer without affinity can serve one client (see stateless-http.ts).
   */
  stateless?: boolean;
  /** Where a stateless server keeps stream events (default: in this process's memory). */
  store?: ServeStore;
  /** This instance's MCP endpoint as the others reach it (default: the bound address; set it for a 0.0.0.0 bind). */
  advertiseUrl?: string;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:8765/mcp */
  url: string;
  host: string;
  port: number;
  /**
   * Graceful stop: /healthz turns 503, new requests are refused (503, Retry-After), open
   * streams are closed so their clients resume elsewhere, in-flight calls finish into the store
   * (up to `timeoutMs`). Call `close` after.
   */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export async function serveMcpOverHttp(opts: HttpServeOptions): Promise<RunningHttpServer> {
  const host = opts.host ?? DEFAULT_HTTP_HOST;
  const loopback = isLoopbackHost(host);
  if (!loopback && (opts.token === undefined || opts.token === "")) {
    throw new Error(`Refusing to serve MCP on non-loopback address ${host} without a token: pass --token <secret> (clients send it as "Authorization: Bearer <secret>")`);
  }
  const sessions = new HttpSessionTable(opts.sessionLimits);
  const shared = opts.stateless === true ? await sharedState(opts) : undefined;
  // 2026-07-28 requests are stateless and go there; 2025 ones keep their sessions here.
  const modern = modernHttpEndpoint(shared !== undefined ? { ...opts, eventBus: shared.bus } : opts);
  const checkToken = opts.token !== undefined && opts.token !== "" ? tokenChecker(opts.token) : undefined;
  const stateless = shared?.http;
  let draining = false;
  let router: FlightRouter | undefined;

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error(`MCP HTTP request failed: ${String(err)}`);
      if (!res.headersSent) sendError(res, 500, -32603, "Internal server error");
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    // Says nothing but up or draining: no token needed, so a load balancer can ask.
    if (path === HEALTH_PATH) return void res.writeHead(draining ? 503 : 200, { "Content-Type": "text/plain" }).end(draining ? "draining\n" : "ok\n");
    if (draining) return refuseDraining(res);
    if (checkToken !== undefined && !checkToken(req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="quiver"');
      return sendError(res, 401, -32001, "Unauthorized: send Authorization: Bearer <token>");
    }
    if (loopback && !localRequest(req)) return sendError(res, 403, -32000, "Forbidden: Host or Origin is not local");
    if (path !== MCP_HTTP_PATH) return sendError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    const sessionId = req.headers["mcp-session-id"];
    const body = req.method === "POST" ? await readJsonBody(req) : undefined;
    if (body instanceof Error) return sendError(res, 400, -32700, `Parse error: ${body.message}`);
    if (stateless !== undefined) {
      // 2026-07-28 is stateless by itself; 2025 requests go without sessions, through the store.
      if (await modern.accepts(req, body)) return handleModern(req, res, body);
      return handleStateless(stateless, req, res, body);
    }
    if (typeof sessionId === "string") {
      const transport = sessions.use(sessionId, res);
      if (transport === undefined) return sendError(res, 404, -32001, "Session not found: initialize a new session");
      return transport.handleRequest(req, res, body);
    }
    if (await modern.accepts(req, body)) return handleModern(req, res, body);
    if (req.method !== "POST" || !isInitializeRequest(body)) return sendError(res, 400, -32000, "Bad Request: no valid session ID provided");
    const room = await sessions.reserve();
    if (room === undefined) return refuseBusy(res);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => room.add(id, transport),
      // Resumable streams: event ids, a priming event with `retry`, and replay on Last-Event-ID.
      eventStore: opts.eventStore !== undefined ? opts.eventStore() : new MemoryEventStore(),
      retryInterval: opts.retryMs ?? DEFAULT_RETRY_MS,
    });
    // Set before connect: the SDK chains it with the server's own close handling.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.remove(transport.sessionId);
    };
    try {
      await createQuiverMcpServer(opts).connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      room.release();
    }
  }

  /** 2026-07-28 calls in flight, for the drain to wait on (a listen stream is no call: it ends on close). */
  const modernCalls = new Set<Promise<void>>();
  async function handleModern(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (router !== undefined && (await router.forward(req, res, body))) return;
    const handled = modern.handle(req, res, body);
    if ((body as { method?: unknown } | undefined)?.method === LISTEN_METHOD) return handled;
    const tracked = handled.catch(() => undefined).finally(() => modernCalls.delete(tracked));
    modernCalls.add(tracked);
    return handled;
  }

  async function handleStateless(handler: StatelessHttp, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (req.method === "POST") return handler.handlePost(req, res, body);
    const lastEventId = req.headers["last-event-id"];
    if (req.method === "GET" && typeof lastEventId === "string" && lastEventId !== "") return handler.handleResume(lastEventId, res);
    // The notification stream: list changes from every instance, through the shared bus.
    if (req.method === "GET") return shared?.streams.open(req, res);
    // No session to end.
    res.setHeader("Allow", "GET, POST");
    sendError(res, 405, -32000, "Method not allowed: this server is stateless, there is no session to DELETE (POST requests; GET for notifications, or to resume with Last-Event-ID)");
  }

  function refuseDraining(res: ServerResponse): void {
    res.setHeader("Retry-After", "1");
    res.setHeader("Connection", "close");
    sendError(res, 503, -32000, "Server draining: send the request again (to another instance)");
  }

  let lastRefusalWarning = -Infinity;
  function refuseBusy(res: ServerResponse): void {
    const { maxSessions, waitMs } = sessions.limits;
    // Under a sustained overload every newcomer is refused: one line a minute tells the operator.
    if (Date.now() - lastRefusalWarning >= REFUSAL_WARNING_INTERVAL_MS) {
      lastRefusalWarning = Date.now();
      log.warn(`refusing new MCP sessions (503): ${maxSessions} sessions open, none idle, none ended within ${waitMs / 1000} s`);
    }
    res.setHeader("Retry-After", String(RETRY_AFTER_S));
    sendError(res, 503, -32000, `Server busy: ${maxSessions} MCP sessions are open and none is idle; retry in ${RETRY_AFTER_S} s, and end unused sessions with DELETE`);
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(opts.port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}${MCP_HTTP_PATH}`;
  if (stateless !== undefined) router = new FlightRouter(opts.store ?? stateless.store, opts.advertiseUrl ?? url);
  return {
    url,
    host,
    port: address.port,
    async drain(timeoutMs = DEFAULT_DRAIN_MS) {
      draining = true;
      // No new connections; open ones get 503 until the calls on them are done.
      http.close();
      http.closeIdleConnections();
      // 2026-07-28 calls finish where they are (their revision has no stream to resume elsewhere).
      let timer: NodeJS.Timeout | undefined;
      const modernDone = Promise.race([Promise.all([...modernCalls]), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]).finally(() => clearTimeout(timer));
      shared?.streams.drain();
      await Promise.all([stateless?.drain(timeoutMs), modernDone]);
    },
    async close() {
      draining = true;
      router?.close();
      shared?.streams.close();
      await stateless?.close();
      await shared?.closeBus();
      await sessions.closeAll();
      await modern.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

interface SharedState {
  http: StatelessHttp;
  /** List changes of every instance (src/mcp/serve-bus.ts), unless the caller gave its own bus. */
  bus: ServerEventBus;
  streams: NotificationStreams;
  closeBus(): Promise<void>;
}

/** What stateless instances share through the store, listening before the instance takes requests. */
async function sharedState(opts: HttpServeOptions): Promise<SharedState> {
  const store = opts.store ?? (await memoryStore());
  const retryMs = opts.retryMs ?? DEFAULT_RETRY_MS;
  const http = new StatelessHttp(store, opts, retryMs);
  const own = opts.eventBus === undefined ? new StoreEventBus(store) : undefined;
  const bus = opts.eventBus ?? (own as StoreEventBus);
  await Promise.all([http.ready(), own?.ready()]);
  return { http, bus, streams: new NotificationStreams(bus, retryMs), closeBus: async () => own?.close() };
}

async function memoryStore(): Promise<ServeStore> {
  const { SHARED_EVENT_STORE_LIMITS } = await import("./event-store.js");
  return new MemoryEventStore(SHARED_EVENT_STORE_LIMITS);
}

/** Constant-time comparison (of digests, so lengths match) of the bearer token. */
function tokenChecker(token: string): (header: string | undefined) => boolean {
  const expected = createHash("sha256").update(token).digest();
  return (header) => {
    const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
    if (match === null) return false;
    return timingSafeEqual(createHash("sha256").update((match[1] as string).trim()).digest(), expected);
  };
}

function localRequest(req: IncomingMessage): boolean {
  const hostHeader = req.headers.host;
  if (hostHeader === undefined || !isLoopbackHost(hostnameOf(hostHeader))) return false;
  const origin = req.headers.origin;
  if (origin === undefined || origin === "null") return origin === undefined;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  return hostHeader.replace(/:\d+$/, "");
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/**
 * quiver's log records, routed to the MCP session that caused them. Every request a session's
 * server handles runs inside that session's async context, so a record written while a tool
 * runs (after awaits, timers and child-process events started by the call included) reaches
 * that session alone, at the level that session set with `logging/setLevel`. A record no
 * session caused (a reconnect, a reload, a stdio server's log message, which names no request)
 * goes only to servers that asked for the whole process's log: the one client of
 * `quiver serve --stdio`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { LoggingLevel, LoggingMessageNotification, Notification, Server } from "@modelcontextprotocol/server";
import { addLogSink } from "../registry/index.js";
import type { LogRecord } from "../registry/index.js";

/** "session": only what this session's requests caused; "process": that plus what no session caused. */
export type LogScope = "session" | "process";

/** Sends a notification on the stream of the request being handled (the SDK's `ctx.mcpReq.notify`). */
export type RequestNotifier = (notification: Notification) => Promise<void>;

interface Attribution {
  session: SessionLog;
  /** The request's own stream, so its logs travel (and resume) with its result. */
  notify: RequestNotifier;
  /**
   * Until the request has answered. A shared resource first made during one session's request
   * (a worker pool, say) keeps that request's context for good; once the request is over, what
   * it logs may well be another session's doing, so it goes to no one.
   */
  open: boolean;
}

const MCP_LEVEL: Record<LogRecord["level"], LoggingLevel> = { debug: "debug", info: "info", warn: "warning", error: "error" };
const SEVERITY: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const DEFAULT_THRESHOLD = SEVERITY.indexOf("warning");

const attribution = new AsyncLocalStorage<Attribution>();
/** Sessions that also take the records no session caused. */
const processWide = new Set<SessionLog>();
let open = 0;
let removeSink: (() => void) | undefined;

function route(record: LogRecord): void {
  const owner = attribution.getStore();
  if (owner !== undefined) {
    if (owner.open) owner.session.deliver(record, owner.notify);
    return;
  }
  for (const session of processWide) session.deliver(record);
}

/** One MCP session's side of the log: its level, and the records that belong to it. */
export class SessionLog {
  readonly #server: Server;
  #threshold = DEFAULT_THRESHOLD;
  #closed = false;

  constructor(server: Server, scope: LogScope) {
    this.#server = server;
    server.setRequestHandler("logging/setLevel", (request) => {
      this.#threshold = SEVERITY.indexOf(request.params.level);
      return {};
    });
    if (scope === "process") processWide.add(this);
    if (open++ === 0) removeSink = addLogSink(route);
  }

  /** Runs `fn` (a request's work) so that every record it causes until it settles belongs to this session. */
  async within<T>(notify: RequestNotifier, fn: () => Promise<T>): Promise<T> {
    const owner: Attribution = { session: this, notify, open: true };
    try {
      return await attribution.run(owner, fn);
    } finally {
      owner.open = false;
    }
  }

  /** A tool's own `ctx.log(level, data)`, on the stream of its call, at this session's level. */
  send(level: LoggingLevel, data: unknown, notify: RequestNotifier): void {
    if (this.#closed || SEVERITY.indexOf(level) < this.#threshold) return;
    const note: LoggingMessageNotification = { method: "notifications/message", params: { level, logger: "tool", data } };
    const fallback = (): Promise<void> => (this.#server.transport === undefined ? Promise.resolve() : this.#server.notification(note));
    notify(note).catch(fallback).catch(ignore);
  }

  deliver(record: LogRecord, notify?: RequestNotifier): void {
    const level = MCP_LEVEL[record.level];
    if (this.#closed || this.#server.transport === undefined || SEVERITY.indexOf(level) < this.#threshold) return;
    const note: LoggingMessageNotification = { method: "notifications/message", params: { level, logger: record.scope, data: record.message } };
    // The request's stream is gone once it has answered: a late record takes the session's own stream.
    const fallback = (): Promise<void> => this.#server.notification(note);
    (notify !== undefined ? notify(note).catch(fallback) : fallback()).catch(ignore);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    processWide.delete(this);
    if (--open === 0) {
      removeSink?.();
      removeSink = undefined;
    }
  }
}

function ignore(): void {
  // The client went away; nothing to tell it.
}

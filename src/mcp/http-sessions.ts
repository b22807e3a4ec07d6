/**
 * The sessions of `quiver serve --http`, with room for a bounded number. When the table is
 * full, only an idle session is closed to make room: one with no request open (the client's
 * notification stream counts as open) for `idleMs`. A session still in its handshake, or in
 * use, is never closed for a newcomer. A new session that finds no room waits in a bounded
 * queue for one to end; past the queue or the wait, the caller answers 503 with Retry-After.
 */
import type { ServerResponse } from "node:http";
import type { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { createLogger } from "../registry/index.js";

const log = createLogger("mcp-serve");

export interface SessionLimits {
  /** Sessions open at once. */
  maxSessions: number;
  /** A session without an open request for this long may be closed to make room. */
  idleMs: number;
  /** How long a new session waits for room before it is refused. */
  waitMs: number;
  /** New sessions that may wait at once; more are refused at once. */
  maxWaiting: number;
}

/**
 * A live SDK client keeps its notification stream (GET) open, so a session with nothing open
 * for a few seconds is almost always one whose client left without DELETE; and it is closed
 * only when the table is full. 256 sessions take about 50 MB.
 */
const DEFAULT_SESSION_LIMITS: SessionLimits = { maxSessions: 256, idleMs: 5_000, waitMs: 15_000, maxWaiting: 256 };
/** A waiting newcomer looks again this often: sessions turn idle without any event to wake it. */
const RECHECK_MS = 250;
/**
 * A session whose client has not yet come back after `initialize` is mid-handshake: on a busy
 * machine that gap can be long, so it counts as idle only after this many times `idleMs`.
 */
const HANDSHAKE_GRACE = 12;

interface Entry {
  transport: StreamableHTTPServerTransport;
  /** Requests of this session whose response is still open. */
  open: number;
  lastUsed: number;
  /** The client has sent a request after `initialize`: the handshake is over. */
  used: boolean;
}

/** Room for one session being opened; `add` fills it, `release` gives it back if the handshake failed. */
export interface Reservation {
  add(id: string, transport: StreamableHTTPServerTransport): void;
  release(): void;
}

export class HttpSessionTable {
  readonly limits: SessionLimits;
  /** Insertion order is use order: the least recently used session comes first. */
  readonly #entries = new Map<string, Entry>();
  readonly #waiters = new Set<() => void>();
  #opening = 0;
  #closed = false;

  constructor(limits: Partial<SessionLimits> = {}) {
    this.limits = { ...DEFAULT_SESSION_LIMITS, ...limits };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session's transport, counted as in use until `res` closes; undefined for an unknown id. */
  use(id: string, res: ServerResponse): StreamableHTTPServerTransport | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    entry.open++;
    entry.used = true;
    entry.lastUsed = Date.now();
    res.once("close", () => {
      entry.open--;
      entry.lastUsed = Date.now();
    });
    return entry.transport;
  }

  /** Room for one more session, waiting up to `waitMs` for it; undefined when there is none. */
  async reserve(): Promise<Reservation | undefined> {
    if (!this.#hasRoom() && this.#waiters.size >= this.limits.maxWaiting) return undefined;
    const deadline = Date.now() + this.limits.waitMs;
    while (!this.#closed && !this.#hasRoom()) {
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await this.#wait(Math.min(left, RECHECK_MS));
    }
    if (this.#closed) return undefined;
    this.#opening++;
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      this.#opening--;
      return true;
    };
    return {
      add: (id, transport) => {
        if (settle()) this.#entries.set(id, { transport, open: 0, lastUsed: Date.now(), used: false });
      },
      release: () => {
        if (settle()) this.#wakeOne();
      },
    };
  }

  /** Forgets a session that ended (DELETE, close, eviction); its id is unknown from now on. */
  remove(id: string): void {
    if (this.#entries.delete(id)) this.#wakeOne();
  }

  async closeAll(): Promise<void> {
    this.#closed = true;
    const transports = [...this.#entries.values()].map((entry) => entry.transport);
    this.#entries.clear();
    for (const wake of [...this.#waiters]) wake();
    await Promise.all(transports.map((transport) => transport.close().catch(() => undefined)));
  }

  #hasRoom(): boolean {
    return this.#entries.size + this.#opening < this.limits.maxSessions || this.#evictIdle();
  }

  #evictIdle(): boolean {
    const now = Date.now();
    for (const [id, entry] of this.#entries) {
      const idleMs = entry.used ? this.limits.idleMs : this.limits.idleMs * HANDSHAKE_GRACE;
      if (entry.open > 0 || now - entry.lastUsed < idleMs) continue;
      this.#entries.delete(id);
      log.info(`closing MCP session ${id}, idle for ${Math.round((now - entry.lastUsed) / 1000)} s, to make room: ${this.limits.maxSessions} sessions open`);
      void entry.transport.close().catch(() => undefined);
      return true;
    }
    return false;
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  #wakeOne(): void {
    const [first] = this.#waiters;
    first?.();
  }
}

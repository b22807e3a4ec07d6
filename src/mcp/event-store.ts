/**
 * The events of one `quiver serve --http` session (or, stateless, of the whole process), kept so
 * a client that lost a stream can resume it with `Last-Event-ID`: the in-memory `ServeStore`.
 * Bounded three ways: by count, by bytes and by age; the oldest go first. The newest event is
 * always kept, even past the byte bound, so the last result of a call can still be replayed.
 */
import { EventEmitter } from "node:events";
import type { EventId, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";
import { EVENT_ID_SEPARATOR, isReplayed, isStreamEnd, parseEventId, replayTail } from "./serve-store.js";
import type { ServeStore, StreamTail } from "./serve-store.js";

export type { EventStore } from "@modelcontextprotocol/server";

export interface MemoryEventStoreLimits {
  /** Events kept at most. */
  maxEvents: number;
  /** Serialised bytes kept at most (the newest event excepted). */
  maxBytes: number;
  /** Events older than this are dropped. */
  maxAgeMs: number;
}

/** Per session: 256 full sessions hold about 256 MB, plus each one's newest event (results are mostly far smaller). */
export const DEFAULT_EVENT_STORE_LIMITS: MemoryEventStoreLimits = { maxEvents: 500, maxBytes: 1024 * 1024, maxAgeMs: 5 * 60_000 };
/** One store for every client of a stateless process: a session's bounds, a hundred times over. */
export const SHARED_EVENT_STORE_LIMITS: MemoryEventStoreLimits = { maxEvents: 50_000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 5 * 60_000 };

interface StoredEvent {
  id: EventId;
  streamId: StreamId;
  seq: number;
  message: JSONRPCMessage;
  bytes: number;
  at: number;
}

export class MemoryEventStore implements ServeStore {
  readonly kind = "memory";
  readonly limits: MemoryEventStoreLimits;
  /** Oldest first; ids and sequence numbers only grow. */
  #events: StoredEvent[] = [];
  /** Every stream an event was ever stored for, so an old id still names its stream. */
  readonly #streams = new Set<StreamId>();
  #seq = 0;
  #bytes = 0;
  /** Wakes followers of a stream (`waitForEvent`) when it gets an event. */
  readonly #stored = new EventEmitter().setMaxListeners(0);
  /** One process: a channel's subscribers are its listeners here. */
  readonly #channels = new EventEmitter().setMaxListeners(0);
  readonly #counts = new Map<string, { count: number; until: number }>();
  readonly #now: () => number;

  constructor(limits: Partial<MemoryEventStoreLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_EVENT_STORE_LIMITS, ...limits };
    this.#now = now;
  }

  get size(): number {
    return this.#events.length;
  }

  get bytes(): number {
    return this.#bytes;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const seq = ++this.#seq;
    const event: StoredEvent = { id: `${streamId}${EVENT_ID_SEPARATOR}${seq}`, streamId, seq, message, bytes: Buffer.byteLength(JSON.stringify(message)), at: this.#now() };
    this.#events.push(event);
    this.#streams.add(streamId);
    this.#bytes += event.bytes;
    this.#evict();
    this.#stored.emit(streamId);
    return event.id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const parsed = parseSeq(eventId);
    return parsed !== undefined && this.#streams.has(parsed.streamId) ? parsed.streamId : undefined;
  }

  /** Sends the stream's events after `lastEventId` still kept, in order; the priming events (empty) are skipped. */
  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    return replayTail(this, lastEventId, send);
  }

  async eventsAfter(lastEventId: EventId): Promise<StreamTail | undefined> {
    const parsed = parseSeq(lastEventId);
    if (parsed === undefined || !this.#streams.has(parsed.streamId)) return undefined;
    this.#evict();
    const stream = this.#events.filter((e) => e.streamId === parsed.streamId);
    const later = stream.filter((e) => e.seq > parsed.seq && isReplayed(e.message));
    const last = stream.at(-1);
    return { streamId: parsed.streamId, events: later.map(({ id, message }) => ({ id, message })), ended: last !== undefined && isStreamEnd(last.message) };
  }

  waitForEvent(streamId: StreamId, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#stored.off(streamId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#stored.once(streamId, done);
    });
  }

  readonly #owners = new Map<string, { url: string; until: number }>();

  async setOwner(key: string, url: string, ttlMs: number): Promise<void> {
    this.#owners.set(key, { url, until: this.#now() + ttlMs });
  }

  async getOwner(key: string): Promise<string | undefined> {
    const owner = this.#owners.get(key);
    if (owner === undefined || owner.until > this.#now()) return owner?.url;
    this.#owners.delete(key);
    return undefined;
  }

  async deleteOwner(key: string): Promise<void> {
    this.#owners.delete(key);
  }

  async addCount(key: string, delta: number, ttlMs: number): Promise<number> {
    const count = (await this.getCount(key)) + delta;
    this.#counts.set(key, { count, until: this.#now() + ttlMs });
    return count;
  }

  async getCount(key: string): Promise<number> {
    const entry = this.#counts.get(key);
    if (entry !== undefined && entry.until > this.#now()) return entry.count;
    this.#counts.delete(key);
    return 0;
  }

  /** Delivered on a later tick, as Redis would: a publisher never hears its own message inside its own call. */
  async publish(channel: string, message: string): Promise<void> {
    setImmediate(() => this.#channels.emit(channel, message));
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => void> {
    this.#channels.on(channel, listener);
    return () => void this.#channels.off(channel, listener);
  }

  async close(): Promise<void> {
    this.#stored.removeAllListeners();
    this.#channels.removeAllListeners();
    this.#owners.clear();
    this.#counts.clear();
  }

  #evict(): void {
    const oldest = this.#now() - this.limits.maxAgeMs;
    let drop = 0;
    const count = this.#events.length;
    while (drop < count) {
      const event = this.#events[drop] as StoredEvent;
      // Age drops anything; count and bytes never the newest event.
      const crowded = drop < count - 1 && (count - drop > this.limits.maxEvents || this.#bytes > this.limits.maxBytes);
      if (event.at >= oldest && !crowded) break;
      this.#bytes -= event.bytes;
      drop++;
    }
    if (drop > 0) this.#events = this.#events.slice(drop);
  }
}

function parseSeq(eventId: EventId): { streamId: StreamId; seq: number } | undefined {
  const parsed = parseEventId(eventId);
  if (parsed === undefined) return undefined;
  const seq = Number(parsed.position);
  return Number.isSafeInteger(seq) && seq > 0 ? { streamId: parsed.streamId, seq } : undefined;
}

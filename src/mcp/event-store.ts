/**
 * The events of one `quiver serve --http` session, kept so a client that lost a stream can
 * resume it with `Last-Event-ID` (the SDK's `EventStore` for StreamableHTTPServerTransport).
 * In memory and bounded three ways: by count, by bytes and by age; the oldest go first. The
 * newest event is always kept, even past the byte bound, so the last result of a call can
 * still be replayed.
 */
import type { EventId, EventStore, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";

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

interface StoredEvent {
  id: EventId;
  streamId: StreamId;
  seq: number;
  message: JSONRPCMessage;
  bytes: number;
  at: number;
}

/** Event ids are `<stream id>/<sequence>`: the stream can be read back from an id whose event is gone. */
const SEPARATOR = "/";

export class MemoryEventStore implements EventStore {
  readonly limits: MemoryEventStoreLimits;
  /** Oldest first; ids and sequence numbers only grow. */
  #events: StoredEvent[] = [];
  /** Every stream an event was ever stored for, so an old id still names its stream. */
  readonly #streams = new Set<StreamId>();
  #seq = 0;
  #bytes = 0;
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
    const event: StoredEvent = { id: `${streamId}${SEPARATOR}${seq}`, streamId, seq, message, bytes: Buffer.byteLength(JSON.stringify(message)), at: this.#now() };
    this.#events.push(event);
    this.#streams.add(streamId);
    this.#bytes += event.bytes;
    this.#evict();
    return event.id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const parsed = parseEventId(eventId);
    return parsed !== undefined && this.#streams.has(parsed.streamId) ? parsed.streamId : undefined;
  }

  /** Sends the stream's events after `lastEventId` still kept, in order; the priming events (empty) are skipped. */
  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined || !this.#streams.has(parsed.streamId)) return "";
    this.#evict();
    const later = this.#events.filter((e) => e.streamId === parsed.streamId && e.seq > parsed.seq && !isPriming(e.message));
    for (const event of later) await send(event.id, event.message);
    return parsed.streamId;
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

function parseEventId(eventId: EventId): { streamId: StreamId; seq: number } | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  if (at <= 0) return undefined;
  const seq = Number(eventId.slice(at + 1));
  return Number.isSafeInteger(seq) && seq > 0 ? { streamId: eventId.slice(0, at), seq } : undefined;
}

/** The SDK stores each stream's priming event as `{}`: nothing to replay. */
function isPriming(message: JSONRPCMessage): boolean {
  return Object.keys(message).length === 0;
}

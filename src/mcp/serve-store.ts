/**
 * What `quiver serve --http --stateless` instances share: the events of every resumable stream,
 * so a client whose stream broke (its instance drained, or the network cut it) can resume with
 * `Last-Event-ID` through any instance. One process uses the in-memory store (event-store.ts);
 * several use Redis (redis-store.ts). The SDK's `EventStore` is the part its transport writes;
 * the rest are the flight owners and a publish/subscribe bus between the instances.
 */
import type { EventId, EventStore, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";

export interface StoredStreamEvent {
  id: EventId;
  message: JSONRPCMessage;
}

export interface StreamTail {
  streamId: StreamId;
  events: StoredStreamEvent[];
  ended: boolean;
}

export interface ServeStore extends EventStore {
  /** "memory" or "redis": shown at start-up and in errors. */
  readonly kind: string;
  /**
   * The stream `lastEventId` belongs to, its events after it (priming events left out), and
   * whether its last event so far is a response (nothing more will come); undefined for an id
   * no instance wrote.
   */
  eventsAfter(lastEventId: EventId): Promise<StreamTail | undefined>;
  /** Resolves when `streamId` may have a new event, or after `ms`: followers call `eventsAfter` again. */
  waitForEvent(streamId: StreamId, ms: number): Promise<void>;
  /** Records that `url` (an instance) holds `key` (an input-required flight) for `ttlMs`. */
  setOwner(key: string, url: string, ttlMs: number): Promise<void>;
  /** The instance holding `key`, if one still does. */
  getOwner(key: string): Promise<string | undefined>;
  deleteOwner(key: string): Promise<void>;
  /** Adds `delta` to the counter `key` (kept `ttlMs` past its last change) and resolves with its new value. */
  addCount(key: string, delta: number, ttlMs: number): Promise<number>;
  /** The counter `key`, 0 when unknown or expired. */
  getCount(key: string): Promise<number>;
  /**
   * Sends `message` to every subscriber of `channel` at every instance, this one's included
   * (list changes for the listen and notification streams, cancellations for the calls).
   * At most once: a subscriber that is not listening at the time misses it.
   */
  publish(channel: string, message: string): Promise<void>;
  /** Hears what any instance publishes on `channel`; resolves once listening, with the function that stops. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** Event ids are `<stream id>/<position>`: the stream can be read back from an id whose event is gone. */
export const EVENT_ID_SEPARATOR = "/";

/** The SDK's replay, on any store's `eventsAfter`: the stream's later events in order; "" when it is unknown. */
export async function replayTail(
  store: Pick<ServeStore, "eventsAfter">,
  lastEventId: EventId,
  send: (eventId: EventId, message: JSONRPCMessage) => Promise<void>,
): Promise<StreamId> {
  const found = await store.eventsAfter(lastEventId);
  if (found === undefined) return "";
  for (const event of found.events) await send(event.id, event.message);
  return found.streamId;
}

export function parseEventId(eventId: EventId): { streamId: StreamId; position: string } | undefined {
  const at = eventId.lastIndexOf(EVENT_ID_SEPARATOR);
  if (at <= 0 || at === eventId.length - 1) return undefined;
  return { streamId: eventId.slice(0, at), position: eventId.slice(at + 1) };
}

/** The SDK stores each stream's priming event as `{}`: nothing to replay. */
export function isPriming(message: JSONRPCMessage): boolean {
  return Object.keys(message).length === 0;
}

/** A JSON-RPC response (result or error): the last event of a POST's stream. */
export function isResponse(message: JSONRPCMessage): boolean {
  return "id" in message && ("result" in message || "error" in message);
}

/** Stored, never sent: the stream's request was cancelled, so no response will come (followers stop). */
const CANCELLED_MARK = "quiver/cancelled";

export function cancelledMark(requestId: string | number): JSONRPCMessage {
  return { jsonrpc: "2.0", method: CANCELLED_MARK, params: { requestId } };
}

export function isCancelledMark(message: JSONRPCMessage): boolean {
  return "method" in message && message.method === CANCELLED_MARK;
}

/** Nothing more will come on a stream whose last event is this. */
export function isStreamEnd(message: JSONRPCMessage): boolean {
  return isResponse(message) || isCancelledMark(message);
}

/** What a resumed stream sends again: not the priming events, not the marks. */
export function isReplayed(message: JSONRPCMessage): boolean {
  return !isPriming(message) && !isCancelledMark(message);
}

/** The URL without its password, for messages and logs. */
export function redactUrl(spec: string): string {
  try {
    const url = new URL(spec);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return spec.replace(/\/\/[^@/]*@/, "//***@");
  }
}

/**
 * The `ServeStore` of several `quiver serve --http --stateless` instances: a Redis stream per
 * MCP stream (`XADD`), so any instance can replay and follow what another one wrote. Bounded
 * like the in-memory store: events per stream (approximate `MAXLEN`), and age (the key expires
 * `maxAgeMs` after its last event).
 */
import { createClient } from "redis";
import type { EventId, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";
import { createLogger } from "../registry/index.js";
import { EVENT_ID_SEPARATOR, isReplayed, isStreamEnd, parseEventId, replayTail, redactUrl } from "./serve-store.js";
import type { ServeStore, StoredStreamEvent, StreamTail } from "./serve-store.js";

const log = createLogger("mcp-serve");

export interface RedisStoreLimits {
  /** Events kept per stream (approximately: Redis trims whole nodes). */
  maxEventsPerStream: number;
  maxAgeMs: number;
  /** How long the first connection may take before start-up fails. */
  connectTimeoutMs: number;
  /** Followers look for new events this often (no blocking read: it would hold a connection each). */
  pollMs: number;
}

const DEFAULT_LIMITS: RedisStoreLimits = { maxEventsPerStream: 1_000, maxAgeMs: 5 * 60_000, connectTimeoutMs: 3_000, pollMs: 50 };
const KEY_PREFIX = "quiver:serve:stream:";
const OWNER_PREFIX = "quiver:serve:flight:";
const CHANNEL_PREFIX = "quiver:serve:bus:";
const COUNT_PREFIX = "quiver:serve:count:";
/** After the first connection, a lost one is retried this long apart at most. */
const MAX_RECONNECT_DELAY_MS = 2_000;

interface StreamEntry {
  id: string;
  message: Record<string, unknown>;
}

/** The few commands the store sends (node-redis's own client type is too generic to pass around). */
interface StreamCommands {
  xAdd(key: string, id: string, fields: Record<string, string>, options: { TRIM: { strategy: "MAXLEN"; strategyModifier: "~"; threshold: number } }): Promise<string>;
  pExpire(key: string, ms: number): Promise<unknown>;
  exists(key: string): Promise<number>;
  xRange(key: string, start: string, end: string): Promise<StreamEntry[] | null>;
  xRevRange(key: string, end: string, start: string, options: { COUNT: number }): Promise<StreamEntry[] | null>;
  set(key: string, value: string, options: { PX: number }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<number>;
  incrBy(key: string, delta: number): Promise<number>;
  close(): Promise<unknown>;
}

/** A connection in subscriber mode (RESP2 allows no other command on it, hence one of its own). */
interface Subscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  unsubscribe(channel: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<unknown>;
}

export class RedisStore implements ServeStore {
  readonly kind = "redis";
  readonly #client: StreamCommands;
  readonly #limits: RedisStoreLimits;

  /** Opened on the first subscribe: an instance that never listens holds one connection only. */
  readonly #openSubscriber: () => Promise<Subscriber>;
  #subscriber: Promise<Subscriber> | undefined;

  constructor(client: StreamCommands, limits: RedisStoreLimits, openSubscriber: () => Promise<Subscriber>) {
    this.#client = client;
    this.#limits = limits;
    this.#openSubscriber = openSubscriber;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const key = KEY_PREFIX + streamId;
    const trim = { TRIM: { strategy: "MAXLEN" as const, strategyModifier: "~" as const, threshold: this.#limits.maxEventsPerStream } };
    // Sent together: node-redis pipelines the commands of one tick.
    const [id] = await Promise.all([this.#client.xAdd(key, "*", { m: JSON.stringify(message) }, trim), this.#client.pExpire(key, this.#limits.maxAgeMs)]);
    return `${streamId}${EVENT_ID_SEPARATOR}${id}`;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    const parsed = parseEventId(eventId);
    if (parsed === undefined || !isStreamPosition(parsed.position) || !isStreamName(parsed.streamId)) return undefined;
    return (await this.#client.exists(KEY_PREFIX + parsed.streamId)) > 0 ? parsed.streamId : undefined;
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    return replayTail(this, lastEventId, send);
  }

  async eventsAfter(lastEventId: EventId): Promise<StreamTail | undefined> {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined || !isStreamPosition(parsed.position) || !isStreamName(parsed.streamId)) return undefined;
    const key = KEY_PREFIX + parsed.streamId;
    // One round trip (pipelined): the events after the id, and the stream's last event.
    const [after, newest] = await Promise.all([this.#client.xRange(key, `(${parsed.position}`, "+"), this.#client.xRevRange(key, "+", "-", { COUNT: 1 })]);
    const last = newest?.[0];
    if (last === undefined) return undefined;
    const events: StoredStreamEvent[] = [];
    for (const entry of after ?? []) {
      const message = decode(entry);
      if (isReplayed(message)) events.push({ id: `${parsed.streamId}${EVENT_ID_SEPARATOR}${entry.id}`, message });
    }
    return { streamId: parsed.streamId, events, ended: isStreamEnd(decode(last)) };
  }

  async waitForEvent(_streamId: StreamId, ms: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, Math.min(ms, this.#limits.pollMs)));
  }

  async setOwner(key: string, url: string, ttlMs: number): Promise<void> {
    await this.#client.set(OWNER_PREFIX + key, url, { PX: ttlMs });
  }

  async getOwner(key: string): Promise<string | undefined> {
    if (!isStreamName(key)) return undefined;
    return (await this.#client.get(OWNER_PREFIX + key)) ?? undefined;
  }

  async deleteOwner(key: string): Promise<void> {
    await this.#client.del(OWNER_PREFIX + key);
  }

  async addCount(key: string, delta: number, ttlMs: number): Promise<number> {
    // Sent together (one round trip), like an event and its expiry.
    const [count] = await Promise.all([this.#client.incrBy(COUNT_PREFIX + key, delta), this.#client.pExpire(COUNT_PREFIX + key, ttlMs)]);
    return count;
  }

  async getCount(key: string): Promise<number> {
    return Number((await this.#client.get(COUNT_PREFIX + key)) ?? 0);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.#client.publish(CHANNEL_PREFIX + channel, message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => void> {
    this.#subscriber ??= this.#openSubscriber();
    const subscriber = await this.#subscriber;
    // Each listener its own function: unsubscribing one leaves the channel's others listening.
    const own = (message: string): void => listener(message);
    await subscriber.subscribe(CHANNEL_PREFIX + channel, own);
    return () => void subscriber.unsubscribe(CHANNEL_PREFIX + channel, own).catch(() => undefined);
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    await Promise.all([this.#client.close().catch(() => undefined), subscriber?.then((s) => s.close()).catch(() => undefined)]);
  }
}

function decode(entry: StreamEntry): JSONRPCMessage {
  return JSON.parse(String(entry.message.m)) as JSONRPCMessage;
}

/** Redis stream ids: `<ms>-<seq>`. */
function isStreamPosition(position: string): boolean {
  return /^\d+-\d+$/.test(position);
}

/** The SDK's stream ids are UUIDs: anything else in a Last-Event-ID names no key of ours. */
function isStreamName(streamId: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(streamId);
}

/** Connects to `url`; rejects with what to do when Redis cannot be reached (the URL's password never shown). */
export async function openRedisStore(url: string, limits: Partial<RedisStoreLimits> = {}): Promise<RedisStore> {
  const all = { ...DEFAULT_LIMITS, ...limits };
  let connected = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: all.connectTimeoutMs,
      // The first connection fails fast (start-up reports it); a later loss is retried.
      reconnectStrategy: (retries: number, cause: Error) => (connected ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause),
    },
  });
  let lastError = "";
  client.on("error", (err: unknown) => {
    const text = err instanceof Error ? err.message : String(err);
    if (connected && text !== lastError) log.warn(`serve store ${redactUrl(url)}: ${text}`);
    lastError = text;
  });
  try {
    await client.connect();
  } catch (err) {
    await client.destroy();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot reach the serve store at ${redactUrl(url)} (${reason}): start Redis there, or set serve.store / --store to another address (or "memory" for one instance)`);
  }
  connected = true;
  const openSubscriber = async (): Promise<Subscriber> => {
    // Same address, options and reconnects; a subscriber connection lost later re-subscribes itself.
    const subscriber = client.duplicate();
    subscriber.on("error", (err: unknown) => log.debug(`serve store ${redactUrl(url)} (subscriber): ${err instanceof Error ? err.message : String(err)}`));
    await subscriber.connect();
    return subscriber as unknown as Subscriber;
  };
  return new RedisStore(client as unknown as StreamCommands, all, openSubscriber);
}

/**
 * The change events of stateless `quiver serve` instances (tools, resources or prompts listed
 * anew, a resource updated), shared through the store's publish/subscribe: what one instance's
 * registry announces reaches the 2026-07-28 listen streams and the 2025-11-25 notification
 * streams open at every instance. The SDK's `ServerEventBus`, so `createMcpHandler` takes it
 * as it is; the memory store makes it the in-process bus, Redis the deployment's.
 */
import { randomUUID } from "node:crypto";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { createLogger } from "../registry/index.js";
import type { ServeStore } from "./serve-store.js";

const log = createLogger("mcp-serve");

/** The store channel the events travel on. */
const EVENTS_CHANNEL = "events";
const KINDS = new Set<string>(["tools_list_changed", "prompts_list_changed", "resources_list_changed", "resource_updated"]);

interface WireEvent {
  /** The publishing instance: it has delivered the event to its own listeners already. */
  from: string;
  event: ServerEvent;
}

export class StoreEventBus implements ServerEventBus {
  readonly #store: ServeStore;
  readonly #self = randomUUID();
  readonly #listeners = new Set<(event: ServerEvent) => void>();
  readonly #stop: Promise<() => void>;

  constructor(store: ServeStore) {
    this.#store = store;
    this.#stop = store.subscribe(EVENTS_CHANNEL, (raw) => this.#fromWire(raw)).catch((err: unknown) => {
      log.warn(`serve store ${store.kind}: cannot hear the other instances' list changes (${String(err)}); this instance's clients hear its own only`);
      return () => undefined;
    });
  }

  /** Resolves once the other instances' events are heard. */
  async ready(): Promise<void> {
    await this.#stop;
  }

  /** At once to this instance's streams; through the store to the others'. */
  publish(event: ServerEvent): void {
    this.#deliver(event);
    const wire: WireEvent = { from: this.#self, event };
    this.#store.publish(EVENTS_CHANNEL, JSON.stringify(wire)).catch((err: unknown) => log.warn(`serve store ${this.#store.kind}: ${event.kind} not passed to the other instances: ${String(err)}`));
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    (await this.#stop)();
  }

  #fromWire(raw: string): void {
    const wire = parseWire(raw);
    if (wire === undefined) return log.debug(`serve bus: ignored a message that is no change event: ${raw.slice(0, 200)}`);
    if (wire.from !== this.#self) this.#deliver(wire.event);
  }

  #deliver(event: ServerEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (err) {
        log.debug(`serve bus: a listener failed on ${event.kind}: ${String(err)}`);
      }
    }
  }
}

function parseWire(raw: string): WireEvent | undefined {
  try {
    const wire = JSON.parse(raw) as Partial<WireEvent>;
    const event = wire.event as { kind?: unknown; uri?: unknown } | undefined;
    if (typeof wire.from !== "string" || typeof event?.kind !== "string" || !KINDS.has(event.kind)) return undefined;
    if (event.kind === "resource_updated" && typeof event.uri !== "string") return undefined;
    return wire as WireEvent;
  } catch {
    return undefined;
  }
}

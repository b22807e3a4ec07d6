/**
 * The store named by `serve.store` / `--store`: "memory" (or nothing) for one process,
 * `redis://…` / `rediss://…` for several. Each implementation is loaded only when asked for.
 */
import { redactUrl } from "./serve-store.js";
import type { ServeStore } from "./serve-store.js";

export async function openServeStore(spec: string | undefined): Promise<ServeStore> {
  if (spec === undefined || spec === "" || spec === "memory") {
    const { MemoryEventStore, SHARED_EVENT_STORE_LIMITS } = await import("./event-store.js");
    return new MemoryEventStore(SHARED_EVENT_STORE_LIMITS);
  }
  if (/^rediss?:\/\//i.test(spec)) {
    const { openRedisStore } = await import("./redis-store.js");
    return openRedisStore(spec);
  }
  throw new Error(`unknown serve store ${JSON.stringify(redactUrl(spec))}: use "memory" (one process) or a Redis URL such as redis://127.0.0.1:6379 (several instances)`);
}

/**
 * `notifications/cancelled` for a 2025-era request on stateless serve. The cancel is a POST of
 * its own, so it may reach any instance, and a fresh server there knows nothing of the call:
 * it is published through the store, and the instance running the call aborts it (the
 * handler's ctx.signal), sends no response, and ends the call's stream.
 *
 * A 2025 request id names a request only within its client, and a stateless server has no
 * client id: a call is known by its id and its credentials (the Authorization header). Ids
 * repeat across clients, so each call is counted in the store under that key while it runs, and
 * a cancel that would match two or more running calls is not passed on (nothing is aborted
 * that the canceller may not own); the warning says why.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createLogger } from "../registry/index.js";
import type { ServeStore } from "./serve-store.js";

const log = createLogger("mcp-serve");

const CANCEL_CHANNEL = "cancel";
/** A call's count outlives a crashed instance this long at most (a live one takes it back at its end). */
const CALL_COUNT_TTL_MS = 6 * 60 * 60_000;

type RequestId = string | number;
type OnCancel = (reason: string | undefined) => void;

interface WireCancel {
  key: string;
  reason?: string;
}

export class StatelessCancels {
  readonly #store: ServeStore;
  /** Key → the calls running here under it (usually one). */
  readonly #running = new Map<string, Set<OnCancel>>();
  readonly #stop: Promise<() => void>;

  constructor(store: ServeStore) {
    this.#store = store;
    this.#stop = store.subscribe(CANCEL_CHANNEL, (raw) => this.#fromWire(raw)).catch((err: unknown) => {
      log.warn(`serve store ${store.kind}: cancellations from other instances cannot be heard (${String(err)})`);
      return () => undefined;
    });
  }

  /** Resolves once cancels sent to the other instances are heard. */
  async ready(): Promise<void> {
    await this.#stop;
  }

  /** A request running here: `onCancel` runs when its client cancels it, at any instance. Returns the function that forgets it. */
  track(req: IncomingMessage, requestId: RequestId, onCancel: OnCancel): () => void {
    const key = callKey(req, requestId);
    const calls = this.#running.get(key) ?? new Set<OnCancel>();
    calls.add(onCancel);
    this.#running.set(key, calls);
    void this.#store.addCount(key, 1, CALL_COUNT_TTL_MS).catch((err: unknown) => log.debug(`serve store: call not counted: ${String(err)}`));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      calls.delete(onCancel);
      if (calls.size === 0) this.#running.delete(key);
      void this.#store.addCount(key, -1, CALL_COUNT_TTL_MS).catch(() => undefined);
    };
  }

  /** Passes on every `notifications/cancelled` of a POST body to the instance running its request. */
  async forward(req: IncomingMessage, body: unknown): Promise<void> {
    for (const cancel of cancelsIn(body)) {
      const key = callKey(req, cancel.requestId);
      const running = await this.#store.getCount(key).catch(() => 1);
      if (running > 1) {
        log.warn(`cancel of request ${JSON.stringify(cancel.requestId)} not passed on: ${running} running calls have that id and credentials (clients sharing a token cannot be told apart without sessions; give each client its own token)`);
        continue;
      }
      const wire: WireCancel = { key, ...(cancel.reason !== undefined && { reason: cancel.reason }) };
      await this.#store.publish(CANCEL_CHANNEL, JSON.stringify(wire)).catch((err: unknown) => log.warn(`cancel of request ${JSON.stringify(cancel.requestId)} not passed on: ${String(err)}`));
    }
  }

  async close(): Promise<void> {
    this.#running.clear();
    (await this.#stop)();
  }

  #fromWire(raw: string): void {
    let wire: Partial<WireCancel>;
    try {
      wire = JSON.parse(raw) as Partial<WireCancel>;
    } catch {
      return;
    }
    if (typeof wire.key !== "string") return;
    for (const onCancel of [...(this.#running.get(wire.key) ?? [])]) onCancel(typeof wire.reason === "string" ? wire.reason : undefined);
  }
}

/** The request's id under its credentials, hashed: a store key that shows neither. */
function callKey(req: IncomingMessage, requestId: RequestId): string {
  return createHash("sha256").update(`${req.headers.authorization ?? ""}\0${JSON.stringify(requestId)}`).digest("hex").slice(0, 40);
}

function cancelsIn(body: unknown): Array<{ requestId: RequestId; reason: string | undefined }> {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.flatMap((m) => {
    const message = m as { method?: unknown; id?: unknown; params?: { requestId?: unknown; reason?: unknown } } | null;
    if (message?.method !== "notifications/cancelled" || message.id !== undefined) return [];
    const requestId = message.params?.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return [];
    return [{ requestId, reason: typeof message.params?.reason === "string" ? message.params.reason : undefined }];
  });
}

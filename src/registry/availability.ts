/**
 * Cached availability checks. A `checkFn` may probe something slow (a daemon, a binary, a
 * network service), so verdicts are cached per function; a failure shortly after a success is
 * treated as a flake, because a flaky probe must not make a whole toolset vanish mid-session.
 */
import type { CheckFn } from "./types.js";
import { createLogger } from "./logger.js";

const log = createLogger("availability");

export interface AvailabilityOptions {
  /** Clock in ms; injectable so tests need no sleeps. */
  now: () => number;
  /** How long a verdict is served from cache. */
  ttlMs: number;
  /** A failure within this long after the function's last success counts as a flake. */
  flakeGraceMs: number;
  /** An async check slower than this counts as a failure. */
  asyncTimeoutMs: number;
  /** Most functions remembered at once; the oldest are dropped first. */
  maxEntries: number;
}

interface Verdict {
  ok: boolean;
  at: number;
}

interface AvailabilityState {
  options: AvailabilityOptions;
  verdicts: Map<CheckFn, Verdict>;
  lastSuccess: Map<CheckFn, number>;
  inflight: Map<CheckFn, Promise<boolean>>;
}

const DEFAULTS: AvailabilityOptions = {
  now: () => Date.now(),
  ttlMs: 30_000,
  flakeGraceMs: 60_000,
  asyncTimeoutMs: 5_000,
  maxEntries: 1_024,
};

// Shared by every copy of the package in the process, like the registry itself.
const STATE_KEY = Symbol.for("quiver.availability");
const holder = globalThis as { [STATE_KEY]?: AvailabilityState };
const state: AvailabilityState = (holder[STATE_KEY] ??= {
  options: { ...DEFAULTS },
  verdicts: new Map(),
  lastSuccess: new Map(),
  inflight: new Map(),
});

/** Changes the cache's clock or limits; returns a function that restores the previous ones. */
export function configureAvailability(options: Partial<AvailabilityOptions>): () => void {
  const previous = state.options;
  state.options = { ...previous, ...options };
  return () => {
    state.options = previous;
  };
}

/** Forgets every cached verdict and success time (e.g. after the user installed a dependency). */
export function invalidateCheckFnCache(): void {
  state.verdicts.clear();
  state.lastSuccess.clear();
  state.inflight.clear();
}

/**
 * The verdict of `fn`, from cache when fresh. Stays synchronous when the answer is cached or
 * the check itself is synchronous, so the common path allocates no promise.
 */
export function checkAvailable(fn: CheckFn): boolean | Promise<boolean> {
  const cached = state.verdicts.get(fn);
  if (cached !== undefined && state.options.now() - cached.at < state.options.ttlMs) return cached.ok;
  const pending = state.inflight.get(fn);
  if (pending !== undefined) return pending;

  let raw: boolean | Promise<boolean>;
  try {
    raw = fn();
  } catch (err) {
    log.warn(`availability check ${describe(fn)} threw; treating it as unavailable: ${String(err)}`);
    return settle(fn, false);
  }
  if (!isPromiseLike(raw)) return settle(fn, raw === true);

  const run = withTimeout(fn, raw, state.options.asyncTimeoutMs).then((ok) => {
    state.inflight.delete(fn);
    return settle(fn, ok);
  });
  state.inflight.set(fn, run);
  return run;
}

function settle(fn: CheckFn, ok: boolean): boolean {
  const { now, flakeGraceMs } = state.options;
  const t = now();
  if (ok) {
    state.lastSuccess.set(fn, t);
    trim(state.lastSuccess);
    remember(fn, true, t);
    return true;
  }
  const last = state.lastSuccess.get(fn);
  if (last !== undefined && t - last < flakeGraceMs) {
    log.debug(`availability check ${describe(fn)} failed within the flake grace; still serving true`);
    return true;
  }
  remember(fn, false, t);
  return false;
}

function remember(fn: CheckFn, ok: boolean, at: number): void {
  state.verdicts.delete(fn);
  state.verdicts.set(fn, { ok, at });
  trim(state.verdicts);
}

function trim<K, V>(map: Map<K, V>): void {
  while (map.size > state.options.maxEntries) {
    const oldest = map.keys().next().value as K;
    map.delete(oldest);
  }
}

function withTimeout(fn: CheckFn, pending: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      log.warn(`availability check ${describe(fn)} took over ${timeoutMs} ms; treating it as unavailable`);
      resolve(false);
    }, timeoutMs);
    timer.unref?.();
    pending.then(
      (ok) => {
        clearTimeout(timer);
        resolve(ok === true);
      },
      (err: unknown) => {
        clearTimeout(timer);
        log.warn(`availability check ${describe(fn)} rejected; treating it as unavailable: ${String(err)}`);
        resolve(false);
      },
    );
  });
}

function isPromiseLike(value: unknown): value is Promise<boolean> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function describe(fn: CheckFn): string {
  return fn.name !== "" ? `"${fn.name}"` : "(anonymous)";
}

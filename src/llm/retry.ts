/**
 * The retry loop: exponential backoff with full jitter, or the server's Retry-After (capped),
 * at most `maxAttempts` requests in total, and a wait that the caller's signal cuts short.
 */
import { setTimeout as delay } from "node:timers/promises";
import { ModelAbortError, ModelError } from "./errors.js";

export interface RetryPolicy {
  /** Requests in total, first one included. */
  maxAttempts: number;
  /** Backoff ceiling of the first retry; doubles per retry. */
  baseDelayMs: number;
  /** Upper bound for any wait, including a server's Retry-After. */
  maxDelayMs: number;
  /** Injectable for tests; must resolve after `ms` (the loop races it against the signal). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests; returns [0, 1). */
  random: () => number;
}

export interface RetryInfo {
  /** The attempt that failed (1-based). */
  attempt: number;
  /** The wait before the next attempt, in ms. */
  delayMs: number;
  error: ModelError;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  sleep: (ms, signal) => delay(ms, undefined, signal === undefined ? undefined : { signal }),
  random: Math.random,
};

/** The wait before retrying after `attempt` failed with `error`. */
function retryDelay(error: ModelError, attempt: number, policy: RetryPolicy): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ModelAbortError();
}

async function waitUnlessAborted(policy: RetryPolicy, ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  if (signal === undefined) return policy.sleep(ms);
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ModelAbortError());
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([policy.sleep(ms, signal), aborted]);
  } catch (err) {
    throwIfAborted(signal);
    throw err;
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * Runs `attempt(n)` until it succeeds, throws something other than a retryable `ModelError`,
 * or `maxAttempts` is reached. The error that ends the loop carries `attempts`.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: (info: RetryInfo) => void,
): Promise<T> {
  for (let n = 1; ; n++) {
    throwIfAborted(signal);
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ModelError)) throw err;
      err.attempts = n;
      if (!err.retryable) throw err;
      if (n >= policy.maxAttempts) {
        err.message = `${err.message.replace(/[.\s]*$/, "")}. Gave up after ${n} attempts.`;
        throw err;
      }
      const delayMs = retryDelay(err, n, policy);
      onRetry?.({ attempt: n, delayMs, error: err });
      await waitUnlessAborted(policy, delayMs, signal);
    }
  }
}

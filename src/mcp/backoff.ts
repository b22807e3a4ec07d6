/** Reconnect delays: exponential, capped, with jitter so many clients do not retry in lockstep. */
export interface BackoffOptions {
  /** Delay before the first retry (ms). */
  initialMs: number;
  /** Upper bound of any delay (ms). */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000 };

/** Delay before retry number `attempt` (0-based): between half and all of `initial·2^attempt`, capped. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

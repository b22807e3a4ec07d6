/**
 * Runs an async job at most once at a time, coalescing requests: a burst of `request()` calls
 * becomes one run after `delayMs`, and requests made while a run is in progress become exactly
 * one follow-up run. So a storm of notifications costs one or two runs, never one per request.
 */
export class CoalescingRunner {
  readonly #job: () => Promise<void>;
  readonly #delayMs: number;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #dirty = false;
  #stopped = false;

  constructor(job: () => Promise<void>, delayMs: number, onError: (err: unknown) => void) {
    this.#job = job;
    this.#delayMs = delayMs;
    this.#onError = onError;
  }

  request(): void {
    if (this.#stopped) return;
    this.#dirty = true;
    if (this.#timer === undefined && this.#running === undefined) this.#schedule();
  }

  /** Resolves when no run is pending or in progress (for callers that must see the result). */
  async idle(): Promise<void> {
    while (this.#running !== undefined || this.#timer !== undefined) {
      if (this.#running !== undefined) await this.#running;
      else await new Promise((resolve) => setTimeout(resolve, this.#delayMs));
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#dirty = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#running = this.#run();
    }, this.#delayMs);
    this.#timer.unref();
  }

  async #run(): Promise<void> {
    this.#dirty = false;
    try {
      await this.#job();
    } catch (err) {
      this.#onError(err);
    } finally {
      this.#running = undefined;
      if (this.#dirty && !this.#stopped) this.#schedule();
    }
  }
}

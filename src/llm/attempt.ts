/**
 * One request's lifetime: its own abort (the caller's signal, or silence for `timeoutMs` until
 * the answer starts and between stream chunks), so a stalled attempt can be retried.
 */
export class Attempt {
  readonly controller = new AbortController();
  #answered = false;
  #timedOut = false;
  readonly #timer: NodeJS.Timeout;
  readonly #unlink: () => void;

  constructor(signal: AbortSignal | undefined, timeoutMs: number) {
    this.#unlink = linkAbort(signal, this.controller);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.controller.abort();
    }, timeoutMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** Whether the answer had begun (its headers came) before anything went wrong. */
  get answered(): boolean {
    return this.#answered;
  }

  /** The response has begun: from now on the silence between chunks counts. */
  started(): void {
    this.#answered = true;
    this.#timer.refresh();
  }

  /** A chunk came: re-arming the one timer is cheaper than a new timer per chunk. */
  progressed(): void {
    this.#timer.refresh();
  }

  end(): void {
    clearTimeout(this.#timer);
    this.#unlink();
  }
}

function linkAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (signal === undefined) return () => {};
  if (signal.aborted) {
    controller.abort();
    return () => {};
  }
  const abort = (): void => controller.abort();
  signal.addEventListener("abort", abort, { once: true });
  return () => signal.removeEventListener("abort", abort);
}

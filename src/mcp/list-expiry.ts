/**
 * Cacheable list results (MCP 2026-07-28): a server says how long its `tools/list` stays fresh
 * (`ttlMs`). The SDK serves the cached listing until then; this re-lists when it expires, so a
 * server that changes its tools without `list_changed` is still followed, and never sooner.
 */
export class ListExpiry {
  #timer: NodeJS.Timeout | undefined;

  /** Runs `refresh` once `ttlMs` has passed; a ttl of 0 or none (not cacheable) schedules nothing. */
  schedule(ttlMs: number | undefined, refresh: () => void): void {
    this.clear();
    if (ttlMs === undefined || !(ttlMs > 0)) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      refresh();
    }, ttlMs);
    this.#timer.unref();
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

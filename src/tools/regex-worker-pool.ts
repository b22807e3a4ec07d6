/**
 * Regex matching off the main thread, for `search_files`. JavaScript regexes backtrack, and a
 * pattern like `(a+)+$` takes exponential time on some lines; on the main thread that freezes
 * every other call (`quiver serve` stopped answering all clients) and no abort can interrupt
 * it. Here the lines are matched in a worker thread that is terminated when it overruns its
 * budget or the call is aborted. A linear-time engine (re2js) was measured as the alternative:
 * 3-5x slower per line, and it refuses lookaround and backreferences, which JS users expect
 * (numbers in bench/robustness.bench.mjs and docs/guarantees.md).
 *
 * Workers are pooled (spawning one costs ~30 ms): idle ones are unref'd so they never keep the
 * process alive, and one that was terminated is simply not returned to the pool.
 */
import { Worker } from "node:worker_threads";

/** How long matching one batch (up to 64 files or 512 KB, or one larger file) may take before the pattern is declared too slow. */
export const REGEX_BUDGET_MS = 3_000;
/**
 * The first batch's budget counts from when the caller began to wait (`startedAt`), so a runaway
 * pattern is answered within REGEX_BUDGET_MS of it, this margin left for the answer to travel
 * (worker termination, printing, exit); at least MIN_FIRST_BUDGET_MS however long start-up took.
 */
const ANSWER_MARGIN_MS = 200;
const MIN_FIRST_BUDGET_MS = 250;
const MAX_IDLE_WORKERS = 2;

// Plain JS evaluated in the worker (no module of ours to resolve, so it runs the same from
// src/ under the test runner and from dist/). Lines are split exactly like a text file's
// lines elsewhere: on \n, a trailing \r dropped, no empty last line for a final newline.
// Several files go in one message (a round trip per file cost more than matching a small
// one); the index of the file being matched is kept in shared memory, so the main thread can
// name the file a runaway pattern got stuck on.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const progress = new Int32Array(workerData.progress);
let key = "";
let regex;
parentPort.on("message", ({ pattern, flags, texts, limit }) => {
  if (key !== flags + "/" + pattern) {
    regex = new RegExp(pattern, flags);
    key = flags + "/" + pattern;
  }
  const hits = [];
  for (let t = 0; t < texts.length && hits.length < limit * 3; t++) {
    Atomics.store(progress, 0, t);
    const text = texts[t];
    let lineNo = 0;
    for (let start = 0; start < text.length && hits.length < limit * 3; lineNo++) {
      let end = text.indexOf("\\n", start);
      if (end === -1) end = text.length;
      const line = text.charCodeAt(end - 1) === 13 && end > start ? text.slice(start, end - 1) : text.slice(start, end);
      if (regex.test(line)) hits.push(t, lineNo, line);
      start = end + 1;
    }
  }
  parentPort.postMessage(hits);
});
`;

/** Thrown by `match` when a batch took longer than the budget; `text` is the one it was stuck on. */
export class PatternTooSlowError extends Error {
  override name = "PatternTooSlowError";
  constructor(
    readonly budgetMs: number,
    readonly text: number,
  ) {
    super(`matching took over ${budgetMs} ms (stuck in text ${text})`);
  }
}

export interface LineHit {
  /** Which of the texts matched, 0-based. */
  text: number;
  /** 0-based line index within that text. */
  index: number;
  line: string;
}

interface MatchWorker {
  worker: Worker;
  /** Index of the text the worker is matching (shared memory, written by the worker). */
  progress: Int32Array;
}

const idle: MatchWorker[] = [];

/** One search: a pattern matched against file after file on one worker. Call `close()` when done. */
export class RegexSearch {
  #worker: MatchWorker | undefined;
  #startedAt: number | undefined;

  /** `startedAt` (ms since the epoch, default now): when the caller began to wait for this search. */
  constructor(
    readonly pattern: string,
    readonly flags: string,
    startedAt?: number,
  ) {
    this.#startedAt = startedAt ?? Date.now();
  }

  /** The next batch's budget: the first one's is what is left of REGEX_BUDGET_MS since `startedAt`. */
  #budget(): number {
    const startedAt = this.#startedAt;
    if (startedAt === undefined) return REGEX_BUDGET_MS;
    this.#startedAt = undefined;
    const left = startedAt + REGEX_BUDGET_MS - ANSWER_MARGIN_MS - Date.now();
    return Math.round(Math.min(REGEX_BUDGET_MS, Math.max(MIN_FIRST_BUDGET_MS, left)));
  }

  /**
   * The first `limit` matching lines of `texts`, in order. Rejects with PatternTooSlowError
   * when the batch overruns the budget, or with the abort reason.
   */
  match(texts: readonly string[], limit: number, signal?: AbortSignal): Promise<LineHit[]> {
    if (signal?.aborted === true) return Promise.reject(abortReason(signal));
    const current = (this.#worker ??= acquire());
    const { worker, progress } = current;
    const budgetMs = this.#budget();
    return new Promise<LineHit[]>((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onFailure).off("exit", onFailure);
        signal?.removeEventListener("abort", onAbort);
      };
      // A stuck worker cannot be asked to stop; terminating it is the only interrupt there is.
      const kill = (reason: unknown): void => {
        settle();
        this.#worker = undefined;
        void worker.terminate();
        reject(reason);
      };
      const onMessage = (flat: unknown[]): void => {
        settle();
        resolve(toHits(flat));
      };
      const onFailure = (err: unknown): void => kill(err instanceof Error ? err : new Error(`regex worker exited (${String(err)})`));
      const onAbort = (): void => kill(abortReason(signal as AbortSignal));
      const timer = setTimeout(() => kill(new PatternTooSlowError(budgetMs, Atomics.load(progress, 0))), budgetMs);
      worker.on("message", onMessage).once("error", onFailure).once("exit", onFailure);
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ pattern: this.pattern, flags: this.flags, texts, limit });
    });
  }

  /** Hands the worker back to the pool (a terminated one is already gone). */
  close(): void {
    const current = this.#worker;
    this.#worker = undefined;
    if (current === undefined) return;
    if (idle.length >= MAX_IDLE_WORKERS) {
      void current.worker.terminate();
      return;
    }
    current.worker.unref();
    idle.push(current);
  }
}

function acquire(): MatchWorker {
  const pooled = idle.pop();
  if (pooled !== undefined) {
    // Referenced while in use: a search waiting on it must keep the process alive.
    pooled.worker.ref();
    return pooled;
  }
  const shared = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { progress: shared } });
  const created: MatchWorker = { worker, progress: new Int32Array(shared) };
  // A pooled worker that dies (out of memory, say) leaves the pool; without an error listener
  // its error would be thrown in the main thread.
  const drop = (): void => {
    const at = idle.indexOf(created);
    if (at !== -1) idle.splice(at, 1);
  };
  worker.on("error", drop).on("exit", drop);
  return created;
}

function toHits(flat: unknown[]): LineHit[] {
  const hits: LineHit[] = [];
  for (let i = 0; i < flat.length; i += 3) hits.push({ text: flat[i] as number, index: flat[i + 1] as number, line: flat[i + 2] as string });
  return hits;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error("aborted");
}

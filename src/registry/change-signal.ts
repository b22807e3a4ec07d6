/** A change counter with listeners, for the resource and prompt catalogs. */
import { createLogger } from "./logger.js";
import { describeError } from "./describe-error.js";

const log = createLogger("registry");

export class ChangeSignal {
  readonly #listeners = new Set<() => void>();
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  protected changed(): void {
    this.#generation++;
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (err) {
        log.error(`catalog change listener threw: ${describeError(err)}`);
      }
    }
  }
}

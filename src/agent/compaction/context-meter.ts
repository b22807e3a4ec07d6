/**
 * How full the model's context is, kept up to date incrementally: the estimate of the messages
 * sent is a running sum (one addition per appended message), and each reply's reported prompt
 * size anchors it, so the figure is the provider's own count plus an estimate of what came since.
 */
import type { ChatMessage } from "../../llm/index.js";
import { messageTokens, textTokens } from "./estimate.js";

export interface ContextReading {
  /** Tokens the next request's messages and tools are expected to take. */
  tokens: number;
  /** The model's context window, when known. */
  window: number | undefined;
  /** tokens / window, 0–1+ (undefined without a window). */
  share: number | undefined;
}

export class ContextMeter {
  /** Estimated tokens of the messages in the request view (system prompt excluded). */
  #messages = 0;
  #system = { text: "", tokens: 0 };
  /** The last reported prompt size and what we estimated for that same request. */
  #anchor: { actual: number; estimate: number } | undefined;
  /** Reported / estimated, from the last report: corrects the estimate's bias for this model. */
  #ratio = 1;
  window: number | undefined;

  constructor(window: number | undefined) {
    this.window = window;
  }

  /** Starts over from the messages of a new view (after a compaction, a reset, a resume). */
  reset(view: readonly ChatMessage[]): void {
    this.#messages = 0;
    for (const message of view) this.#messages += messageTokens(message);
    this.#anchor = undefined;
  }

  add(message: ChatMessage): void {
    this.#messages += messageTokens(message);
  }

  /** The raw estimate of a request: the view's messages, the system prompt and `toolTokens`. */
  estimate(system: string | undefined, toolTokens: number): number {
    if (system !== undefined && system !== this.#system.text) this.#system = { text: system, tokens: textTokens(system) };
    return this.#messages + (system === undefined ? 0 : this.#system.tokens) + toolTokens;
  }

  /** Reported / estimated tokens for this model (1 until a reply reports its usage). */
  get ratio(): number {
    return this.#ratio;
  }

  /** The expected size of a request whose raw estimate is `estimate`. */
  expected(estimate: number): number {
    if (this.#anchor === undefined) return Math.ceil(estimate * this.#ratio);
    return Math.max(0, Math.ceil(this.#anchor.actual + (estimate - this.#anchor.estimate) * this.#ratio));
  }

  reading(estimate: number): ContextReading {
    const tokens = this.expected(estimate);
    return { tokens, window: this.window, share: this.window === undefined ? undefined : tokens / this.window };
  }

  /** The provider counted `actual` prompt tokens for a request we estimated at `estimate`. */
  report(actual: number, estimate: number): void {
    if (!(actual > 0) || !(estimate > 0)) return;
    this.#anchor = { actual, estimate };
    this.#ratio = Math.min(3, Math.max(0.5, actual / estimate));
  }

  /** A context-length error told the real window: a smaller one than assumed wins. */
  learnWindow(tokens: number | undefined): void {
    if (tokens === undefined || !(tokens > 0)) return;
    if (this.window === undefined || tokens < this.window) this.window = tokens;
  }
}

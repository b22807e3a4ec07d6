/**
 * Token use of a conversation: per request as the provider reported it (or estimated, and marked
 * so, when it reported none) and summed for the session, with the cost where the price is known.
 */
import type { TokenUsage } from "../llm/index.js";
import { costOf, type ModelPricing } from "../tokens/pricing.js";

export interface UsageFigures {
  input: number;
  output: number;
  cached: number;
  /** Requests counted. */
  requests: number;
  /** Requests whose figures quiver estimated. */
  estimated: number;
  /** US dollars, when every request's model has a known price. */
  cost?: number;
}

export class UsageTotals {
  #totals: UsageFigures = emptyFigures();
  #priced = true;

  /** Adds one request; returns its cost when `pricing` is known. */
  add(usage: TokenUsage, pricing: ModelPricing | undefined): number | undefined {
    const t = this.#totals;
    t.input += usage.promptTokens;
    t.output += usage.completionTokens;
    t.cached += usage.cachedTokens ?? 0;
    t.requests++;
    if (usage.estimated === true) t.estimated++;
    if (pricing === undefined) {
      this.#priced = false;
      delete t.cost;
      return undefined;
    }
    const cost = costOf(pricing, { input: usage.promptTokens, output: usage.completionTokens, cached: usage.cachedTokens ?? 0 });
    if (this.#priced) t.cost = (t.cost ?? 0) + cost;
    return cost;
  }

  get figures(): UsageFigures {
    return { ...this.#totals };
  }

  reset(): void {
    this.#totals = emptyFigures();
    this.#priced = true;
  }
}

function emptyFigures(): UsageFigures {
  return { input: 0, output: 0, cached: 0, requests: 0, estimated: 0 };
}

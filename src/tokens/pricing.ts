/**
 * What a request cost, in US dollars, from `model.pricing` in config.yaml or a small table of
 * list prices (per million tokens, as published; they change, so config wins). Matched like
 * context-window.ts: the longest prefix of the model name after any provider prefix. Unknown
 * models have no cost rather than a guess; `local:` models cost nothing.
 */

/** US dollars per million tokens. */
export interface ModelPricing {
  input: number;
  output: number;
  /** Cached prompt tokens (default: the input price). */
  cachedInput?: number;
}

const KNOWN_PRICES: ReadonlyArray<readonly [prefix: string, pricing: ModelPricing]> = [
  ["gpt-4o-mini", { input: 0.15, cachedInput: 0.075, output: 0.6 }],
  ["gpt-4o", { input: 2.5, cachedInput: 1.25, output: 10 }],
  ["gpt-4.1-nano", { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  ["gpt-4.1-mini", { input: 0.4, cachedInput: 0.1, output: 1.6 }],
  ["gpt-4.1", { input: 2, cachedInput: 0.5, output: 8 }],
  ["gpt-5-nano", { input: 0.05, cachedInput: 0.005, output: 0.4 }],
  ["gpt-5-mini", { input: 0.25, cachedInput: 0.025, output: 2 }],
  ["gpt-5", { input: 1.25, cachedInput: 0.125, output: 10 }],
  ["o3", { input: 2, cachedInput: 0.5, output: 8 }],
  ["o4-mini", { input: 1.1, cachedInput: 0.275, output: 4.4 }],
  ["claude-opus-4", { input: 15, cachedInput: 1.5, output: 75 }],
  ["claude-sonnet-4", { input: 3, cachedInput: 0.3, output: 15 }],
  ["claude-3-5-haiku", { input: 0.8, cachedInput: 0.08, output: 4 }],
  ["deepseek-chat", { input: 0.27, cachedInput: 0.07, output: 1.1 }],
];

/** `configured` when set, else the table's price of `model`, else undefined. */
export function pricingFor(model: string, configured?: ModelPricing): ModelPricing | undefined {
  if (configured !== undefined) return configured;
  if (model.startsWith("local:")) return { input: 0, output: 0 };
  const name = (model.split("/").at(-1) ?? model).toLowerCase();
  let best: readonly [string, ModelPricing] | undefined;
  for (const entry of KNOWN_PRICES) {
    if (name.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** Dollars for these token counts; cached tokens are part of `input` and billed at the cached price. */
export function costOf(pricing: ModelPricing, tokens: { input: number; output: number; cached: number }): number {
  const cached = Math.min(tokens.cached, tokens.input);
  const cachedPrice = pricing.cachedInput ?? pricing.input;
  return ((tokens.input - cached) * pricing.input + cached * cachedPrice + tokens.output * pricing.output) / 1_000_000;
}

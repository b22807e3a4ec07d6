/**
 * Context windows of well-known models, for budgeting tool definitions when config.yaml has no
 * `model.contextWindow`. Matched by the longest prefix of the model name, after any provider
 * prefix ("openai/gpt-4o" → "gpt-4o"); unknown models get `undefined`, never a guess.
 */
const KNOWN_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ["gpt-5", 400_000],
  ["gpt-4.1", 1_047_576],
  ["gpt-4o", 128_000],
  ["gpt-4-turbo", 128_000],
  ["gpt-4", 8_192],
  ["gpt-3.5-turbo", 16_385],
  ["gpt-oss", 131_072],
  ["o1", 200_000],
  ["o3", 200_000],
  ["o4-mini", 200_000],
  ["claude", 200_000],
  ["gemini-1.5-pro", 2_097_152],
  ["gemini", 1_048_576],
  ["llama3.1", 131_072],
  ["llama-3.1", 131_072],
  ["llama3.2", 131_072],
  ["llama-3.3", 131_072],
  ["llama3.3", 131_072],
  ["qwen2.5", 32_768],
  ["qwen3", 40_960],
  ["mistral-large", 131_072],
  ["deepseek", 131_072],
];

/** The share of the context window tool definitions may take before tool search switches on. */
const TOOL_BUDGET_SHARE = 0.1;
/** The budget when the window is unknown. */
const DEFAULT_TOOL_BUDGET_TOKENS = 5_000;

/** `configured` when set, else the known window of `model`, else undefined. */
export function contextWindowFor(model: string | undefined, configured?: number): number | undefined {
  if (configured !== undefined) return configured;
  if (model === undefined) return undefined;
  const name = (model.split("/").at(-1) ?? model).toLowerCase();
  let best: readonly [string, number] | undefined;
  for (const entry of KNOWN_WINDOWS) {
    if (name.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** Tokens of tool definitions a request may carry before they are deferred to tool search. */
export function toolTokenBudget(contextWindow: number | undefined): number {
  return contextWindow === undefined ? DEFAULT_TOOL_BUDGET_TOKENS : Math.floor(contextWindow * TOOL_BUDGET_SHARE);
}

/** Token counts of one run, summed over its requests. */
import type { TokenUsage } from "../llm/index.js";

export function emptyUsage(): TokenUsage {
  return { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
}

export function addUsage(total: TokenUsage, usage: TokenUsage | undefined): void {
  if (usage === undefined) return;
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
  total.totalTokens += usage.totalTokens;
  if (usage.cachedTokens !== undefined) total.cachedTokens = (total.cachedTokens ?? 0) + usage.cachedTokens;
  if (usage.estimated === true) total.estimated = true;
}

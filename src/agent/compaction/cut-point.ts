/**
 * Where the verbatim part of a compacted history starts. A cut is only ever made before a user
 * or assistant message, so each assistant's tool calls keep their results right after them; a
 * cut before a user message (a turn's start) is preferred.
 */
import type { ChatMessage } from "../../llm/index.js";

/**
 * The index of the first message to keep, after `from` (the current view's start), keeping at
 * most `keepTokens` verbatim where a cut allows; undefined when nothing can be compacted.
 */
export function cutPoint(history: readonly ChatMessage[], from: number, keepTokens: number, tokensOf: (m: ChatMessage) => number): number | undefined {
  let kept = 0;
  let latest: number | undefined;
  let earliestFitting: number | undefined;
  let earliestUserFitting: number | undefined;
  // The last message always stays: it is what the next request answers.
  for (let i = history.length - 1; i > from; i--) {
    kept += tokensOf(history[i]!);
    const role = history[i]!.role;
    if (role === "tool") continue;
    latest ??= i;
    if (kept > keepTokens) continue;
    earliestFitting = i;
    if (role === "user") earliestUserFitting = i;
  }
  return earliestUserFitting ?? earliestFitting ?? latest;
}

/**
 * Keeps a conversation valid for chat APIs: every assistant tool call is answered by exactly
 * one `tool` message right after it, and no `tool` message answers nothing. A transcript cut
 * mid-turn (a crash, `kill -9`) is repaired by answering the open calls with `cancelled`; a
 * damaged one (malformed entries, a call id used twice) is repaired without losing a result.
 */
import type { AssistantMessage, ChatMessage, ToolCallParam, ToolMessage } from "../llm/index.js";
import { toolError } from "../registry/index.js";
import { roleOf, shapeMessage } from "./message-shape.js";

/** The result given to a call that never started because the turn was interrupted. */
export function notStartedResult(name: string): string {
  return toolError(`Tool ${name} was cancelled: the turn was interrupted before this call started. Nothing was run.`, {
    error_type: "cancelled",
  });
}

/** The result given, on load, to a call whose result never reached the transcript. */
export function lostResult(name: string): string {
  return toolError(
    `Tool ${name} was cancelled: the session ended before this call returned. It may or may not have taken effect; check before repeating it.`,
    { error_type: "cancelled" },
  );
}

export interface RepairResult {
  messages: ChatMessage[];
  /** Tool results added for unanswered calls. */
  added: number;
  /** Tool messages dropped (duplicates, or answering no call). */
  dropped: number;
  /**
   * Entries that were not well-formed messages: rebuilt (malformed tool calls left out, odd
   * content turned into text, a repeated call id made unique) or, when unusable, left out.
   */
  repaired: number;
}

/** Accepts anything read back from a transcript; well-formed input is returned unchanged. */
export function repairHistory(entries: readonly unknown[]): RepairResult {
  const out: ChatMessage[] = [];
  const counts = { added: 0, dropped: 0, repaired: 0 };
  for (let i = 0; i < entries.length; i++) {
    const message = shape(entries[i], counts);
    if (message === undefined) continue;
    if (message.role === "tool") {
      counts.dropped++;
      continue;
    }
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    if (calls.length === 0) {
      out.push(message);
      continue;
    }
    const unique = uniqueIds(calls);
    if (unique !== calls) counts.repaired++;
    out.push(unique === calls ? message : { ...(message as AssistantMessage), tool_calls: unique });
    // Results are matched by the id they name, in order: the second result for a repeated id answers its second call.
    const open = new Map<string, ToolCallParam[]>();
    for (const [n, call] of calls.entries()) open.set(call.id, [...(open.get(call.id) ?? []), unique[n]!]);
    const answers = new Map<ToolCallParam, ToolMessage>();
    for (; i + 1 < entries.length && roleOf(entries[i + 1]) === "tool"; i++) {
      const result = shape(entries[i + 1], counts) as ToolMessage | undefined;
      if (result === undefined) continue;
      const call = open.get(result.tool_call_id)?.shift();
      if (call === undefined) {
        counts.dropped++;
        continue;
      }
      answers.set(call, call.id === result.tool_call_id ? result : { ...result, tool_call_id: call.id });
    }
    // Results go back in call order, as chat APIs expect, whatever order they were written in.
    for (const call of unique) {
      const answer = answers.get(call);
      if (answer !== undefined) out.push(answer);
      else {
        out.push({ role: "tool", tool_call_id: call.id, content: lostResult(call.function.name) });
        counts.added++;
      }
    }
  }
  return { messages: out, ...counts };
}

function shape(entry: unknown, counts: { repaired: number }): ChatMessage | undefined {
  const { message, changed } = shapeMessage(entry);
  if (changed) counts.repaired++;
  return message;
}

/** The calls with each repeated id renamed (`id~2`, …); the same array when no id repeats. */
function uniqueIds(calls: ToolCallParam[]): ToolCallParam[] {
  const ids = new Set(calls.map((call) => call.id));
  if (ids.size === calls.length) return calls;
  const seen = new Set<string>();
  return calls.map((call) => {
    if (!seen.has(call.id)) {
      seen.add(call.id);
      return call;
    }
    let n = 2;
    while (ids.has(`${call.id}~${n}`)) n++;
    const id = `${call.id}~${n}`;
    ids.add(id);
    return { ...call, id };
  });
}

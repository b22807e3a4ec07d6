/**
 * Keeps a conversation valid for chat APIs: every assistant tool call is answered by exactly
 * one `tool` message right after it, and no `tool` message answers nothing. A transcript cut
 * mid-turn (a crash, `kill -9`) is repaired by answering the open calls with `cancelled`.
 */
import type { ChatMessage, ToolMessage } from "../llm/index.js";
import { toolError } from "../registry/index.js";

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
}

export function repairHistory(messages: readonly ChatMessage[]): RepairResult {
  const out: ChatMessage[] = [];
  let added = 0;
  let dropped = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === "tool") {
      dropped++;
      continue;
    }
    out.push(message);
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    if (calls.length === 0) continue;
    const open = new Map(calls.map((call) => [call.id, call.function.name]));
    for (; i + 1 < messages.length && messages[i + 1]!.role === "tool"; i++) {
      const result = messages[i + 1] as ToolMessage;
      if (!open.delete(result.tool_call_id)) {
        dropped++;
        continue;
      }
      out.push(result);
    }
    for (const [id, name] of open) {
      out.push({ role: "tool", tool_call_id: id, content: lostResult(name) });
      added++;
    }
  }
  return { messages: out, added, dropped };
}

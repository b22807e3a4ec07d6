/**
 * Reassembles a streamed chat completion into one `AssistantTurn`: text deltas concatenated,
 * tool-call deltas merged by index (id and name arrive once, arguments in pieces).
 * Tolerates servers that omit the index or the id, or never send a finish_reason.
 */
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import type { AssistantMessage, AssistantTurn, ChatMessage, TokenUsage, ToolCall } from "./types.js";

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta["tool_calls"]>[number];

interface Slot {
  index: number | undefined;
  id: string;
  name: string;
  arguments: string;
}

export class TurnAssembler {
  private text = "";
  private readonly slots: Slot[] = [];
  private finishReason: string | undefined;
  private usage: TokenUsage | undefined;

  /** Feeds one chunk; returns its text delta ("" when it has none). */
  push(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (choice === undefined) return "";
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta ?? {};
    for (const call of delta.tool_calls ?? []) this.mergeToolCall(call);
    const text = typeof delta.content === "string" ? delta.content : "";
    this.text += text;
    return text;
  }

  /** The reply so far; ids missing from the server are synthesized from `history`. */
  finish(history: readonly ChatMessage[]): AssistantTurn {
    const calls = this.slots.filter((slot) => slot.name !== "" || slot.arguments !== "");
    const toolCalls = withIds(calls, history);
    const turn: AssistantTurn = {
      content: this.text === "" ? null : this.text,
      toolCalls,
      finishReason: this.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
    };
    if (this.usage !== undefined) turn.usage = this.usage;
    return turn;
  }

  private mergeToolCall(delta: ToolCallDelta): void {
    const slot = this.slotFor(delta);
    if (delta.id && slot.id === "") slot.id = delta.id;
    const name = delta.function?.name;
    if (name && slot.name === "") slot.name = name;
    const args = delta.function?.arguments;
    if (args) slot.arguments += args;
  }

  private slotFor(delta: ToolCallDelta): Slot {
    const index = typeof delta.index === "number" ? delta.index : undefined;
    const found = index !== undefined ? this.slotAt(index, delta) : this.slotWithoutIndex(delta);
    if (found !== undefined) return found;
    const slot: Slot = { index, id: "", name: "", arguments: "" };
    this.slots.push(slot);
    return slot;
  }

  /** Some servers number every call 0; a different id at a used index starts a new call. */
  private slotAt(index: number, delta: ToolCallDelta): Slot | undefined {
    const slot = this.slots.findLast((candidate) => candidate.index === index);
    const startsAnother = slot !== undefined && delta.id && slot.id !== "" && slot.id !== delta.id;
    return startsAnother ? undefined : slot;
  }

  /** Without an index, a delta continues the last call unless it starts a new one (new id or a second name). */
  private slotWithoutIndex(delta: ToolCallDelta): Slot | undefined {
    if (delta.id) return this.slots.find((slot) => slot.id === delta.id);
    const last = this.slots.at(-1);
    if (last === undefined) return undefined;
    return delta.function?.name && last.name !== "" ? undefined : last;
  }
}

/** Gives id-less calls `call_<n>`, n past every id already in the history, so ids stay unique per conversation. */
function withIds(slots: Slot[], history: readonly ChatMessage[]): ToolCall[] {
  const taken = new Set<string>();
  for (const message of history) {
    if (message.role === "assistant") for (const call of message.tool_calls ?? []) taken.add(call.id);
  }
  for (const slot of slots) if (slot.id !== "") taken.add(slot.id);
  let n = 0;
  return slots.map((slot) => {
    let id = slot.id;
    while (id === "") {
      const candidate = `call_${++n}`;
      if (!taken.has(candidate)) id = candidate;
    }
    taken.add(id);
    return { id, name: slot.name, arguments: slot.arguments === "" ? "{}" : slot.arguments };
  });
}

function toUsage(usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }): TokenUsage {
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return { promptTokens, completionTokens, totalTokens: usage.total_tokens ?? promptTokens + completionTokens };
}

/** A non-streamed completion as an `AssistantTurn`. */
export function turnFromCompletion(completion: ChatCompletion, history: readonly ChatMessage[]): AssistantTurn {
  const assembler = new TurnAssembler();
  const choice = completion.choices?.find((c) => (c.index ?? 0) === 0);
  const message = choice?.message;
  const toolCalls = (message?.tool_calls ?? []).flatMap((call, index) =>
    call.type === "function" ? [{ index, id: call.id, type: "function" as const, function: call.function }] : [],
  );
  assembler.push({
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
    choices: [
      {
        index: 0,
        delta: { content: message?.content ?? null, tool_calls: toolCalls },
        finish_reason: choice?.finish_reason ?? null,
      },
    ],
    ...(completion.usage ? { usage: completion.usage } : {}),
  });
  return assembler.finish(history);
}

/** The assistant message to append to the history for a turn (OpenAI's format). */
export function toAssistantMessage(turn: AssistantTurn): AssistantMessage {
  const message: AssistantMessage = { role: "assistant", content: turn.content };
  if (turn.toolCalls.length > 0) {
    message.tool_calls = turn.toolCalls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return message;
}

/**
 * Reassembles a streamed chat completion into one `AssistantTurn`: text deltas concatenated,
 * tool-call deltas merged by index (id and name arrive once, arguments in pieces), reasoning and
 * provider extras kept. What a chunk means is read by normalize.ts; this file only accumulates.
 * Tolerates servers that omit the index or the id, or never send a finish_reason.
 */
import { ModelError } from "./errors.js";
import { readChunk, type ChoicePieces, type ToolCallPiece } from "./normalize.js";
import type { AssistantMessage, AssistantTurn, ChatMessage, ProviderExtras, ReasoningField, TokenUsage, ToolCall } from "./types.js";

interface Slot {
  index: number | undefined;
  id: string;
  name: string;
  arguments: string;
  extras: ProviderExtras | undefined;
}

/** What one pushed chunk added, for live display. */
export interface ChunkDelta {
  text: string;
  reasoning: string;
}

export class TurnAssembler {
  private text = "";
  private reasoning = "";
  private reasoningField: ReasoningField | undefined;
  private readonly reasoningDetails: unknown[] = [];
  private extras: ProviderExtras | undefined;
  private readonly slots: Slot[] = [];
  private finishReason: string | undefined;
  private usage: TokenUsage | undefined;
  private sawChoice = false;

  /** Feeds one chunk (or a whole completion); returns its text and reasoning deltas. */
  push(chunk: unknown): ChunkDelta {
    const { choice, usage } = readChunk(chunk);
    if (usage !== undefined) this.usage = usage;
    if (choice === undefined) return { text: "", reasoning: "" };
    this.sawChoice = true;
    if (choice.finishReason !== undefined) this.finishReason = choice.finishReason;
    for (const call of choice.toolCalls) this.mergeToolCall(call);
    this.mergeReasoning(choice);
    if (choice.extras !== undefined) this.extras = { ...this.extras, ...choice.extras };
    this.text += choice.text;
    return { text: choice.text, reasoning: choice.reasoning };
  }

  /** The reply so far; ids missing from the server are synthesized from `history`. */
  finish(history: readonly ChatMessage[]): AssistantTurn {
    if (!this.sawChoice) {
      throw new ModelError("The model returned no choices (an answer with an empty `choices` list): there is no reply to show. Try again, or check the model name and the server's logs.", {
        kind: "protocol",
        retryable: false,
      });
    }
    const calls = this.slots.filter((slot) => slot.name !== "" || slot.arguments !== "");
    const toolCalls = withIds(calls, history);
    const turn: AssistantTurn = {
      content: this.text === "" ? null : this.text,
      toolCalls,
      finishReason: this.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
    };
    if (this.usage !== undefined) turn.usage = this.usage;
    // A reasoning field seen only empty still goes back empty: DeepSeek wants the field present.
    if (this.reasoning !== "" || this.reasoningField !== undefined) turn.reasoning = this.reasoning;
    if (this.reasoningField !== undefined) turn.reasoningField = this.reasoningField;
    if (this.reasoningDetails.length > 0) turn.reasoningDetails = this.reasoningDetails;
    if (this.extras !== undefined) turn.extras = this.extras;
    return turn;
  }

  private mergeReasoning(choice: ChoicePieces): void {
    this.reasoning += choice.reasoning;
    this.reasoningField ??= choice.reasoningField;
    for (const detail of choice.reasoningDetails) mergeDetail(this.reasoningDetails, detail);
  }

  private mergeToolCall(piece: ToolCallPiece): void {
    const slot = this.slotFor(piece);
    if (piece.id !== undefined && slot.id === "") slot.id = piece.id;
    if (piece.name !== undefined && slot.name === "") slot.name = piece.name;
    if (piece.arguments !== undefined) slot.arguments += piece.arguments;
    if (piece.extras !== undefined) slot.extras = { ...slot.extras, ...piece.extras };
  }

  private slotFor(piece: ToolCallPiece): Slot {
    const found = piece.index !== undefined ? this.slotAt(piece.index, piece) : this.slotWithoutIndex(piece);
    if (found !== undefined) return found;
    const slot: Slot = { index: piece.index, id: "", name: "", arguments: "", extras: undefined };
    this.slots.push(slot);
    return slot;
  }

  /** Some servers number every call 0; a different id at a used index starts a new call. */
  private slotAt(index: number, piece: ToolCallPiece): Slot | undefined {
    const slot = this.slots.findLast((candidate) => candidate.index === index);
    const startsAnother = slot !== undefined && piece.id !== undefined && slot.id !== "" && slot.id !== piece.id;
    return startsAnother ? undefined : slot;
  }

  /** Without an index, a piece continues the last call unless it starts a new one (new id or a second name). */
  private slotWithoutIndex(piece: ToolCallPiece): Slot | undefined {
    if (piece.id !== undefined) return this.slots.find((slot) => slot.id === piece.id);
    const last = this.slots.at(-1);
    if (last === undefined) return undefined;
    return piece.name !== undefined && last.name !== "" ? undefined : last;
  }
}

/** Streamed reasoning details arrive in pieces sharing an `index`: their text is joined, other fields kept. */
function mergeDetail(details: unknown[], detail: unknown): void {
  const record = typeof detail === "object" && detail !== null ? (detail as Record<string, unknown>) : undefined;
  const last = details.at(-1) as Record<string, unknown> | undefined;
  const sameBlock = record !== undefined && last !== undefined && record.index !== undefined && last.index === record.index && last.type === record.type;
  if (!sameBlock) {
    details.push(record === undefined ? detail : { ...record });
    return;
  }
  for (const [key, value] of Object.entries(record)) {
    if ((key === "text" || key === "summary") && typeof value === "string" && typeof last[key] === "string") last[key] = `${last[key] as string}${value}`;
    else if (value !== null && value !== undefined) last[key] = value;
  }
}

/** Gives id-less calls `call_<n>`, n past every id already in the history, so ids stay unique per conversation. */
function withIds(slots: Slot[], history: readonly ChatMessage[]): ToolCall[] {
  // The history scan grows with the conversation; only id-less calls (rare providers) need it.
  const taken = slots.some((slot) => slot.id === "") ? idsIn(history) : new Set<string>();
  for (const slot of slots) if (slot.id !== "") taken.add(slot.id);
  let n = 0;
  return slots.map((slot) => {
    let id = slot.id;
    while (id === "") {
      const candidate = `call_${++n}`;
      if (!taken.has(candidate)) id = candidate;
    }
    taken.add(id);
    const call: ToolCall = { id, name: slot.name, arguments: slot.arguments === "" ? "{}" : slot.arguments };
    if (slot.extras !== undefined) call.extras = slot.extras;
    return call;
  });
}

function idsIn(history: readonly ChatMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const message of history) {
    if (message.role === "assistant") for (const call of message.tool_calls ?? []) ids.add(call.id);
  }
  return ids;
}

/** A non-streamed completion (the SDK's parsed JSON, or any provider's) as an `AssistantTurn`. */
export function turnFromCompletion(completion: unknown, history: readonly ChatMessage[]): AssistantTurn {
  const assembler = new TurnAssembler();
  assembler.push(completion);
  return assembler.finish(history);
}

/** The assistant message to append to the history for a turn: OpenAI's format, plus reasoning and provider extras. */
export function toAssistantMessage(turn: AssistantTurn): AssistantMessage {
  const message: AssistantMessage = { role: "assistant", content: turn.content, ...turn.extras };
  if (turn.toolCalls.length > 0) {
    message.tool_calls = turn.toolCalls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
      ...call.extras,
    }));
  }
  if (turn.reasoning !== undefined) message[turn.reasoningField ?? THINKING_KEY] = turn.reasoning;
  if (turn.reasoningDetails !== undefined) message.reasoning_details = turn.reasoningDetails;
  return message;
}

/**
 * Where reasoning that came in content parts (Mistral's thinking) is kept in the transcript: it
 * has no field a server accepts back, so requests never carry this key.
 */
export const THINKING_KEY = "thinking";

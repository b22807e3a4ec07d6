/**
 * The one place that knows how providers shape a reply. It reads a streamed chunk's delta or a
 * whole message (the same shapes, whichever arrives) into plain pieces for the assembler:
 * - content as a string, an array of parts (Mistral), or null;
 * - reasoning as `reasoning_content` (DeepSeek, xAI, vLLM, llama.cpp), `reasoning` (OpenRouter,
 *   Ollama, Groq), `reasoning_details` (OpenRouter, kept verbatim) or thinking parts (Mistral);
 * - tool calls with or without `index`, `type` or `id`, in pieces or whole in one chunk;
 * - provider extras on a call or the message (Gemini's `extra_content`), kept opaque;
 * - usage from `usage`, or Groq's `x_groq.usage`.
 */
import type { ProviderExtras, ReasoningField, TokenUsage } from "./types.js";

export interface ToolCallPiece {
  index: number | undefined;
  id: string | undefined;
  name: string | undefined;
  arguments: string | undefined;
  extras: ProviderExtras | undefined;
}

export interface ChoicePieces {
  text: string;
  reasoning: string;
  /** Where `reasoning` came from; undefined for reasoning in content parts (not sendable as a field). */
  reasoningField: ReasoningField | undefined;
  reasoningDetails: unknown[];
  toolCalls: ToolCallPiece[];
  extras: ProviderExtras | undefined;
  finishReason: string | undefined;
}

export interface ChunkPieces {
  /** The first choice, when the chunk has one. */
  choice: ChoicePieces | undefined;
  usage: TokenUsage | undefined;
}

/** Message-level fields kept and sent back verbatim. Anything else unknown is dropped: some servers reject unknown keys. */
const MESSAGE_EXTRAS = ["extra_content"] as const;
const TOOL_CALL_KEYS = new Set(["index", "id", "type", "function"]);

/** Reads one chunk (or a whole `chat.completion`, whose choices carry `message` instead of `delta`). */
export function readChunk(chunk: unknown): ChunkPieces {
  const record = asRecord(chunk);
  const usage = readUsage(record?.usage) ?? readUsage(asRecord(record?.x_groq)?.usage);
  const choices = Array.isArray(record?.choices) ? record.choices : [];
  const first = choices.map(asRecord).find((c) => c !== undefined && (c.index ?? 0) === 0);
  return { choice: first === undefined ? undefined : readChoice(first), usage };
}

function readChoice(choice: Record<string, unknown>): ChoicePieces {
  const delta = asRecord(choice.delta) ?? asRecord(choice.message) ?? {};
  const content = readContent(delta.content);
  const fieldReasoning = readReasoningField(delta);
  const reasoningDetails = Array.isArray(delta.reasoning_details) ? delta.reasoning_details : [];
  const detailText = fieldReasoning === undefined ? reasoningDetails.map(detailReasoningText).join("") : "";
  const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
  return {
    text: content.text,
    reasoning: (fieldReasoning?.text ?? "") + detailText + content.thinking,
    reasoningField: fieldReasoning?.field,
    reasoningDetails,
    toolCalls: calls.flatMap((call, position) => readToolCall(call, position, calls.length)),
    extras: pickExtras(delta),
    finishReason: typeof choice.finish_reason === "string" && choice.finish_reason !== "" ? choice.finish_reason : undefined,
  };
}

/** Text and thinking of a content that is a string, an array of parts, or null. */
function readContent(content: unknown): { text: string; thinking: string } {
  if (typeof content === "string") return { text: content, thinking: "" };
  if (!Array.isArray(content)) return { text: "", thinking: "" };
  let text = "";
  let thinking = "";
  for (const part of content) {
    if (typeof part === "string") text += part;
    const record = asRecord(part);
    if (record === undefined) continue;
    if (record.type === "text" && typeof record.text === "string") text += record.text;
    if (record.type === "thinking") thinking += readContent(record.thinking).text;
  }
  return { text, thinking };
}

function readReasoningField(delta: Record<string, unknown>): { text: string; field: ReasoningField } | undefined {
  for (const field of ["reasoning_content", "reasoning"] as const) {
    const value = delta[field];
    if (typeof value === "string") return { text: value, field };
  }
  return undefined;
}

/** The readable text of one OpenRouter reasoning detail (`reasoning.text` or `reasoning.summary`). */
function detailReasoningText(detail: unknown): string {
  const record = asRecord(detail);
  if (typeof record?.text === "string") return record.text;
  return typeof record?.summary === "string" ? record.summary : "";
}

function readToolCall(call: unknown, position: number, count: number): ToolCallPiece[] {
  const record = asRecord(call);
  if (record === undefined) return [];
  const fn = asRecord(record.function) ?? {};
  const args = fn.arguments;
  const extras: ProviderExtras = {};
  for (const [key, value] of Object.entries(record)) if (!TOOL_CALL_KEYS.has(key)) extras[key] = value;
  return [
    {
      // Several calls in one chunk without indexes are distinct calls, in order.
      index: typeof record.index === "number" ? record.index : count > 1 ? position : undefined,
      id: typeof record.id === "string" && record.id !== "" ? record.id : undefined,
      name: typeof fn.name === "string" && fn.name !== "" ? fn.name : undefined,
      // Some servers send the arguments as an object rather than JSON text.
      arguments: typeof args === "string" ? args : args !== undefined && args !== null ? JSON.stringify(args) : undefined,
      extras: Object.keys(extras).length > 0 ? extras : undefined,
    },
  ];
}

function pickExtras(delta: Record<string, unknown>): ProviderExtras | undefined {
  let extras: ProviderExtras | undefined;
  for (const key of MESSAGE_EXTRAS) if (delta[key] !== undefined && delta[key] !== null) (extras ??= {})[key] = delta[key];
  return extras;
}

function readUsage(value: unknown): TokenUsage | undefined {
  const usage = asRecord(value);
  if (usage === undefined) return undefined;
  const number = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const promptTokens = number(usage.prompt_tokens);
  const completionTokens = number(usage.completion_tokens);
  const result: TokenUsage = { promptTokens, completionTokens, totalTokens: number(usage.total_tokens) || promptTokens + completionTokens };
  const cached = cachedTokens(usage);
  if (cached > 0) result.cachedTokens = cached;
  return result;
}

/** OpenAI (and vLLM, OpenRouter) `prompt_tokens_details.cached_tokens`, Anthropic-compatible `cache_read_input_tokens`, DeepSeek `prompt_cache_hit_tokens`. */
function cachedTokens(usage: Record<string, unknown>): number {
  const details = asRecord(usage.prompt_tokens_details);
  for (const value of [details?.cached_tokens, usage.cache_read_input_tokens, usage.prompt_cache_hit_tokens]) {
    if (typeof value === "number" && Number.isFinite(value) && value > 0) return value;
  }
  return 0;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

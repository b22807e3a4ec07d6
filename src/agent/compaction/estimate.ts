/**
 * Cheap token estimates for the compaction decision: characters / 4 plus a per-message overhead,
 * memoised per message object (the history never edits a message), so a request costs one
 * addition per new message, never a recount. The provider's reported prompt size calibrates it
 * (context-meter.ts); the tokenizer is too slow to run on every request at 500 messages.
 */
import type { ChatMessage } from "../../llm/index.js";
import type { ToolDefinition } from "../../registry/index.js";

/** Role markers and separators each chat format adds around a message. */
const MESSAGE_OVERHEAD = 4;
/** What an attached image costs, roughly (a 512×512 tile at "auto" detail). */
const IMAGE_TOKENS = 800;
const CHARS_PER_TOKEN = 4;

const memo = new WeakMap<object, number>();

/** Estimated tokens of `text`. */
export function textTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Estimated tokens of one message as sent (content, tool calls, ids), memoised. */
export function messageTokens(message: ChatMessage): number {
  const known = memo.get(message);
  if (known !== undefined) return known;
  const tokens = MESSAGE_OVERHEAD + contentTokens(message);
  memo.set(message, tokens);
  return tokens;
}

function contentTokens(message: ChatMessage): number {
  let tokens = 0;
  const content = message.content;
  if (typeof content === "string") tokens += textTokens(content);
  else if (Array.isArray(content)) {
    for (const part of content) tokens += part.type === "text" ? textTokens(part.text) : IMAGE_TOKENS;
  }
  if (message.role === "assistant") {
    for (const field of ["reasoning_content", "reasoning"] as const) if (typeof message[field] === "string") tokens += textTokens(message[field]);
    for (const call of message.tool_calls ?? []) tokens += MESSAGE_OVERHEAD + textTokens(call.function.name) + textTokens(call.function.arguments) + 6;
  }
  if (message.role === "tool") tokens += 6;
  return tokens;
}

/** Estimated tokens of a `tools` array (each definition's JSON measured once). */
export function definitionsTokens(definitions: readonly ToolDefinition[]): number {
  let tokens = 0;
  for (const definition of definitions) {
    let n = memo.get(definition);
    if (n === undefined) memo.set(definition, (n = textTokens(JSON.stringify(definition))));
    tokens += n;
  }
  return tokens;
}

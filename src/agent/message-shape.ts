/**
 * Turns one transcript entry, read back from disk, into a chat message a chat API accepts.
 * Transcripts are the user's data and may have been edited, truncated or written by another
 * version: a well-formed message comes back as it is; a repairable one is rebuilt (malformed
 * tool calls left out, non-text content turned into text); anything else is no message.
 */
import type { AssistantMessage, ChatMessage, ImagePart, TextPart, ToolCallParam, ToolMessage, UserMessage } from "../llm/index.js";

export interface Shaped {
  /** undefined when the entry is no usable message. */
  message: ChatMessage | undefined;
  /** True when the message differs from the entry (rebuilt or left out). */
  changed: boolean;
}

type Loose = Record<string, unknown>;

const KEEP = (message: ChatMessage): Shaped => ({ message, changed: false });
const REBUILT = (message: ChatMessage): Shaped => ({ message, changed: true });
const NONE: Shaped = { message: undefined, changed: true };

export function shapeMessage(entry: unknown): Shaped {
  if (!isObject(entry)) return NONE;
  switch (entry.role) {
    case "user":
      return shapeUser(entry);
    case "assistant":
      return shapeAssistant(entry);
    case "tool":
      return shapeTool(entry);
    default:
      return NONE;
  }
}

/** The role of a raw entry, without trusting anything else about it. */
export function roleOf(entry: unknown): unknown {
  return isObject(entry) ? entry.role : undefined;
}

function shapeUser(entry: Loose): Shaped {
  const content = entry.content;
  if (typeof content === "string") return KEEP(entry as unknown as UserMessage);
  if (Array.isArray(content)) {
    const parts = content.filter(isContentPart);
    if (parts.length === content.length) return KEEP(entry as unknown as UserMessage);
    return REBUILT({ role: "user", content: parts.length > 0 ? parts : "" });
  }
  return content === undefined || content === null ? NONE : REBUILT({ role: "user", content: asText(content) });
}

function shapeAssistant(entry: Loose): Shaped {
  const content = entry.content;
  const contentOk = typeof content === "string" || content === null || content === undefined;
  const raw = entry.tool_calls;
  if (contentOk && (raw === undefined || (Array.isArray(raw) && raw.every(isToolCall)))) return KEEP(entry as unknown as AssistantMessage);
  const calls = Array.isArray(raw) ? raw.map(shapeToolCall).filter((call) => call !== undefined) : [];
  const text = typeof content === "string" ? content : content === null || content === undefined ? null : asText(content);
  const message: AssistantMessage = calls.length > 0 ? { role: "assistant", content: text, tool_calls: calls } : { role: "assistant", content: text ?? "" };
  return REBUILT(message);
}

function shapeTool(entry: Loose): Shaped {
  if (typeof entry.tool_call_id !== "string") return NONE;
  const content = entry.content;
  if (typeof content === "string" || (Array.isArray(content) && content.every(isTextPart))) return KEEP(entry as unknown as ToolMessage);
  return REBUILT({ role: "tool", tool_call_id: entry.tool_call_id, content: asText(content) });
}

function isToolCall(call: unknown): call is ToolCallParam {
  if (!isObject(call) || call.type !== "function" || !hasId(call) || !isObject(call.function)) return false;
  return hasName(call.function) && typeof call.function.arguments === "string";
}

/** A call with an id and a function name is kept, its arguments turned into JSON text; others are left out. */
function shapeToolCall(call: unknown): ToolCallParam | undefined {
  if (isToolCall(call)) return call;
  if (!isObject(call) || !hasId(call) || !isObject(call.function) || !hasName(call.function)) return undefined;
  const args = call.function.arguments;
  return { id: call.id as string, type: "function", function: { name: call.function.name as string, arguments: args === undefined ? "{}" : asText(args) } };
}

// An empty id or name is odd but pairs up and reads back; only a missing or non-string one is unusable.
function hasId(value: Loose): boolean {
  return typeof value.id === "string";
}

function hasName(value: Loose): boolean {
  return typeof value.name === "string";
}

function isTextPart(part: unknown): part is TextPart {
  return isObject(part) && part.type === "text" && typeof part.text === "string";
}

function isContentPart(part: unknown): part is TextPart | ImagePart {
  return isTextPart(part) || (isObject(part) && part.type === "image_url" && isObject(part.image_url) && typeof part.image_url.url === "string");
}

/** Text for a value that should have been text: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // BigInt, cycles, objects without a prototype: say what it was rather than fail.
    return Object.prototype.toString.call(value);
  }
}

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

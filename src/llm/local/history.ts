/**
 * quiver's OpenAI-shaped messages and tool definitions in node-llama-cpp's terms: a chat
 * history whose model turns carry their function calls with the results filled in, and
 * function definitions whose parameter schemas fit its JSON-schema grammar.
 */
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions, GbnfJsonSchema } from "node-llama-cpp";
import type { ToolDefinition } from "../../registry/types.js";
import type { ChatMessage, TextPart, ImagePart } from "../types.js";

export function toHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const calls = new Map<string, ChatModelFunctionCall>();
  for (const message of messages) {
    if (message.role === "system") history.push({ type: "system", text: message.content });
    else if (message.role === "user") history.push({ type: "user", text: textOf(message.content) });
    else if (message.role === "assistant") {
      const response: Array<string | ChatModelFunctionCall> = message.content ? [message.content] : [];
      for (const call of message.tool_calls ?? []) {
        const item: ChatModelFunctionCall = { type: "functionCall", name: call.function.name, params: parseArguments(call.function.arguments), result: null };
        calls.set(call.id, item);
        response.push(item);
      }
      history.push({ type: "model", response });
    } else {
      const call = calls.get(message.tool_call_id);
      // A result without its call (a trimmed history) still reaches the model, as user text.
      if (call === undefined) history.push({ type: "user", text: `Tool result (${message.tool_call_id}): ${textOf(message.content)}` });
      else call.result = textOf(message.content);
    }
  }
  history.push({ type: "model", response: [] });
  return history;
}

function textOf(content: string | Array<TextPart | ImagePart>): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "[image: this local model reads text only]")).join("\n");
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface FunctionOptions {
  /** Cap for strings without a `maxLength` (a model with random weights never closes a string). */
  maxStringLength?: number;
}

export function toFunctions(tools: readonly ToolDefinition[], options: FunctionOptions = {}): ChatModelFunctions {
  const functions: Record<string, { description?: string; params?: GbnfJsonSchema }> = {};
  for (const tool of tools) {
    const { name, description, parameters } = tool.function;
    const params = parameters === undefined ? undefined : toGrammarSchema(parameters, options);
    functions[name] = { ...(description === undefined ? {} : { description }), ...(params === undefined ? {} : { params }) };
  }
  return functions;
}

type Json = Record<string, unknown>;

const GRAMMAR_FORMATS = new Set(["date-time", "time", "date"]);

/**
 * Keeps the keywords node-llama-cpp's grammar understands and drops the rest (`pattern`,
 * `default`, `$schema`, ...): the arguments still validate against the full schema in the
 * registry, which checks every call anyway.
 */
export function toGrammarSchema(schema: unknown, options: FunctionOptions): GbnfJsonSchema {
  if (typeof schema !== "object" || schema === null) return {} as GbnfJsonSchema;
  const s = schema as Json;
  const out: Json = {};
  if (s.description !== undefined) out.description = s.description;
  if ("const" in s) return { ...out, const: s.const } as GbnfJsonSchema;
  if (Array.isArray(s.enum)) return { ...out, enum: s.enum } as GbnfJsonSchema;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return { ...out, oneOf: union.map((entry) => toGrammarSchema(entry, options)) } as GbnfJsonSchema;
  const type = Array.isArray(s.type) ? s.type : s.type === undefined ? undefined : [s.type];
  if (type !== undefined && type.length > 1) {
    return { ...out, oneOf: type.map((t: unknown) => toGrammarSchema({ ...s, type: t, description: undefined }, options)) } as GbnfJsonSchema;
  }
  const single = type?.[0];
  if (single === "object") return objectSchema(s, out, options);
  if (single === "array") {
    copy(s, out, ["minItems", "maxItems"]);
    return { ...out, type: "array", ...(s.items === undefined ? {} : { items: toGrammarSchema(s.items, options) }) } as GbnfJsonSchema;
  }
  if (single === "string") {
    copy(s, out, ["minLength", "maxLength"]);
    if (typeof s.format === "string" && GRAMMAR_FORMATS.has(s.format)) out.format = s.format;
    if (out.maxLength === undefined && options.maxStringLength !== undefined) out.maxLength = options.maxStringLength;
    return { ...out, type: "string" } as GbnfJsonSchema;
  }
  if (single === "number" || single === "integer" || single === "boolean" || single === "null") return { ...out, type: single } as GbnfJsonSchema;
  // No type: any JSON value the grammar can describe.
  return { ...out, type: ["string", "number", "boolean", "null"] } as unknown as GbnfJsonSchema;
}

function objectSchema(s: Json, out: Json, options: FunctionOptions): GbnfJsonSchema {
  const properties: Record<string, GbnfJsonSchema> = {};
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  for (const [key, value] of Object.entries((s.properties as Json | undefined) ?? {})) {
    const converted = toGrammarSchema(value, options);
    // The grammar makes every listed key required: an optional one may be null, and the null is
    // dropped afterwards (fitToSchema) so the registry sees the key left out.
    properties[key] = required.has(key) ? converted : ({ oneOf: [converted, { type: "null" }] } as GbnfJsonSchema);
  }
  const result: Json = { ...out, type: "object", properties };
  // Open objects would let a weak model ramble on in extra keys; the registry's schemas list theirs.
  result.additionalProperties = false;
  return result as GbnfJsonSchema;
}

function copy(from: Json, to: Json, keys: string[]): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}

/**
 * What the grammar cannot express, applied to the arguments it produced: nulls standing for
 * optional keys left out are removed, and numbers are brought within `minimum`/`maximum`.
 */
export function fitToSchema(value: unknown, schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return value;
  const s = schema as Json;
  if (typeof value === "number") return clamp(value, s);
  if (Array.isArray(value)) return value.map((item) => fitToSchema(item, s.items));
  if (typeof value !== "object" || value === null) return value;
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  const properties = (s.properties as Json | undefined) ?? {};
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null && !required.has(key)) continue;
    out[key] = fitToSchema(item, properties[key]);
  }
  return out;
}

function clamp(value: number, s: Json): number {
  let fitted = value;
  if (typeof s.minimum === "number" && fitted < s.minimum) fitted = s.minimum;
  if (typeof s.maximum === "number" && fitted > s.maximum) fitted = s.maximum;
  return fitted;
}

/**
 * The request body for one model call, shaped by the endpoint's compat flags: which optional
 * parameters go out, under which names, and where reasoning is sent back.
 */
import type { ChatCompletionCreateParams, ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionDefinition } from "openai/resources/shared";
import type { ToolDefinition } from "../registry/types.js";
import { THINKING_KEY } from "./turn-assembler.js";
import type { AssistantMessage, ChatMessage, ModelCompat } from "./types.js";

export interface BodyInput {
  model: string;
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[] | undefined;
  maxTokens: number | undefined;
}

export function requestBody(input: BodyInput, compat: ModelCompat, stream: boolean): ChatCompletionCreateParams {
  const tools = input.tools ?? [];
  const body: Record<string, unknown> = {
    model: input.model,
    messages: outgoingMessages(input.messages, compat.reasoning),
  };
  if (tools.length > 0) {
    body.tools = tools.map(toSdkTool);
    if (compat.parallelToolCalls) body.parallel_tool_calls = true;
    if (compat.toolChoice) body.tool_choice = "auto";
  }
  if (input.maxTokens !== undefined) body[compat.maxTokensField] = input.maxTokens;
  body.stream = stream;
  if (stream && compat.streamUsage) body.stream_options = { include_usage: true };
  return body as unknown as ChatCompletionCreateParams;
}

const REASONING_KEYS = ["reasoning_content", "reasoning", "reasoning_details"] as const;

/**
 * The history as sent. With `send-back`, reasoning goes back on every assistant message with
 * tool calls it came with (DeepSeek's thinking mode answers 400 without it, in any turn) and on
 * no other message (DeepSeek rejects it there). With `strip` it is never sent (Groq and Mistral
 * reject the field; elsewhere it only costs tokens); the transcript keeps it either way.
 * Thinking kept from content parts is never sent: no server takes it back as a field.
 */
function outgoingMessages(messages: readonly ChatMessage[], policy: ModelCompat["reasoning"]): ChatMessage[] {
  if (!messages.some(carriesReasoning)) return [...messages];
  return messages.map((message) => {
    if (message.role !== "assistant" || !carriesReasoning(message)) return message;
    const keep = policy === "send-back" && (message.tool_calls?.length ?? 0) > 0;
    const copy: AssistantMessage = { ...message };
    delete copy[THINKING_KEY];
    if (!keep) for (const key of REASONING_KEYS) delete copy[key];
    return copy;
  });
}

/** Whether the request for `messages` carries any reasoning field (self-healing drops it only then). */
export function sendsReasoning(messages: readonly ChatMessage[], policy: ModelCompat["reasoning"]): boolean {
  return policy === "send-back" && messages.some((m) => m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0 && REASONING_KEYS.some((key) => key in m));
}

function carriesReasoning(message: ChatMessage): boolean {
  // Spelled out rather than a loop over REASONING_KEYS: this runs on every message of every request.
  return message.role === "assistant" && (THINKING_KEY in message || "reasoning_content" in message || "reasoning" in message || "reasoning_details" in message);
}

/** Per definition (the snapshots are reused request after request), what goes on the wire. */
const wireTools = new WeakMap<ToolDefinition, ChatCompletionFunctionTool>();

/**
 * Our schemas allow extra keys (typed `unknown`), which the SDK's `FunctionDefinition` cannot
 * express. A top-level `$schema` (an MCP server's JSON Schema keeps it) is left off: Gemini and
 * proxies to it refuse the whole request over it ("Unknown name \"$schema\""), the model has no
 * use for it, and calls are still validated in the dialect it names (calls/schema-dialect.ts).
 */
function toSdkTool(definition: ToolDefinition): ChatCompletionFunctionTool {
  let tool = wireTools.get(definition);
  if (tool === undefined) {
    tool = { type: "function", function: withoutDialect(definition.function) as FunctionDefinition };
    wireTools.set(definition, tool);
  }
  return tool;
}

function withoutDialect(fn: ToolDefinition["function"]): ToolDefinition["function"] {
  const parameters = fn.parameters as Record<string, unknown> | undefined;
  if (parameters === undefined || !("$schema" in parameters)) return fn;
  const { $schema: _dialect, ...rest } = parameters;
  return { ...fn, parameters: rest };
}

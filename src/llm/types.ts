/**
 * Types of the model client layer. `ChatMessage` is the subset of OpenAI's chat message params
 * quiver uses; every variant is assignable to the SDK's `ChatCompletionMessageParam`.
 */

export interface TextPart {
  type: "text";
  text: string;
}

export interface ImagePart {
  type: "image_url";
  image_url: { url: string; detail?: "auto" | "low" | "high" };
}

/**
 * Provider fields quiver does not interpret (Gemini's `extra_content` with its thought
 * signature, ...): kept as received and sent back verbatim on the same message or call.
 */
export type ProviderExtras = Record<string, unknown>;

/** A tool call as it appears inside an assistant message of the history (plus any provider extras). */
export interface ToolCallParam {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
  [extra: string]: unknown;
}

export interface SystemMessage {
  role: "system";
  content: string;
}

export interface UserMessage {
  role: "user";
  content: string | Array<TextPart | ImagePart>;
}

/** The fields a provider may carry reasoning in, on an assistant message. */
export type ReasoningField = "reasoning_content" | "reasoning";

export interface AssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: ToolCallParam[];
  /** Reasoning as DeepSeek, xAI, vLLM and llama.cpp stream it; sent back under the same name. */
  reasoning_content?: string;
  /** Reasoning as OpenRouter and Ollama stream it. */
  reasoning?: string;
  /** OpenRouter's structured reasoning blocks (signed or encrypted), kept verbatim. */
  reasoning_details?: unknown[];
  /** Provider extras of the message itself, e.g. Gemini's `extra_content`. */
  [extra: string]: unknown;
}

export interface ToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string | TextPart[];
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** One reassembled tool call of a reply. `arguments` is the raw JSON text the model produced. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
  /** Provider extras of this call (Gemini's `extra_content.google.thought_signature`), sent back verbatim. */
  extras?: ProviderExtras;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Prompt tokens served from the provider's prompt cache, when it says so. */
  cachedTokens?: number;
  /** Counted by quiver (the provider reported no usage), not by the provider. */
  estimated?: boolean;
}

/** One complete model reply. */
export interface AssistantTurn {
  /** The reply's text; `null` when the model produced none (typically a pure tool-call reply). */
  content: string | null;
  toolCalls: ToolCall[];
  /**
   * As reported by the server ("stop", "tool_calls", "length", "content_filter", ...); inferred
   * ("tool_calls" or "stop") when the stream ended without one. Some servers report "stop" even
   * with tool calls, so decide on `toolCalls.length`, not on this.
   */
  finishReason: string;
  usage?: TokenUsage;
  /** The model's reasoning text, whichever field it arrived in. */
  reasoning?: string;
  /** The field the reasoning arrived in, so it goes back under the same name. */
  reasoningField?: ReasoningField;
  /** OpenRouter's `reasoning_details`, verbatim. */
  reasoningDetails?: unknown[];
  /** Provider extras of the message (e.g. `extra_content`), sent back verbatim. */
  extras?: ProviderExtras;
  /** The model's context size, when the provider knows it (the local provider: the GGUF's loaded context). */
  contextWindow?: number;
}

/** Where one model setting came from, for messages and `quiver doctor`. */
export interface SettingSource {
  from: "flag" | "env" | "config" | "default" | "none";
  /** Flag, env var or config key: "--model", "OPENAI_API_KEY", "model.baseUrl". */
  name: string;
  /** For a key read from the env var named by config `model.apiKeyEnv`: "model.apiKeyEnv". */
  via?: string;
}

export interface ModelSettings {
  /** Without a trailing slash, e.g. "http://localhost:11434/v1". */
  baseUrl: string;
  /** The key to send; `PLACEHOLDER_API_KEY` when none is configured (local servers need none). */
  apiKey: string;
  model: string;
  source: { baseUrl: SettingSource; apiKey: SettingSource; model: SettingSource };
  /** The built-in provider preset in use (`--provider`, `model.provider`), if any. */
  provider?: string;
  /** How to talk to this endpoint; defaults (plus the preset's and config's) when omitted. */
  compat?: Partial<ModelCompat>;
  /** Extra request headers (Azure's `api-key`). */
  headers?: Record<string, string>;
  /** `max_tokens` / `max_completion_tokens` to send, when set (config `model.maxTokens`). */
  maxTokens?: number;
}

/** What an endpoint accepts; set by a preset, overridden by config `model.compat`. */
export interface ModelCompat {
  /** Send `stream_options: { include_usage: true }`. */
  streamUsage: boolean;
  /** The name the token limit is sent under. */
  maxTokensField: "max_tokens" | "max_completion_tokens";
  /** Send `parallel_tool_calls: true` with tools (false: omit it). */
  parallelToolCalls: boolean;
  /** Send `tool_choice: "auto"` with tools (false: omit it; some servers reject it). */
  toolChoice: boolean;
  /** `send-back`: reasoning goes back on assistant messages with tool calls; `strip`: never sent (the transcript keeps it). */
  reasoning: "send-back" | "strip";
  /** Stream replies (false: one JSON answer per request). */
  stream: boolean;
}

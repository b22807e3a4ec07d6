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

/** A tool call as it appears inside an assistant message of the history. */
export interface ToolCallParam {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface SystemMessage {
  role: "system";
  content: string;
}

export interface UserMessage {
  role: "user";
  content: string | Array<TextPart | ImagePart>;
}

export interface AssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: ToolCallParam[];
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
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
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
}

/** What every chat client offers (the OpenAI-compatible one and the in-process local one), in a file both import. */
import type { ToolDefinition } from "../registry/types.js";
import type { RetryInfo } from "./retry.js";
import type { AssistantTurn, ChatMessage, ModelCompat, ModelSettings } from "./types.js";

export interface ChatRequest {
  messages: readonly ChatMessage[];
  /** Omitted or empty: the request carries no `tools` field at all. */
  tools?: readonly ToolDefinition[];
  signal?: AbortSignal;
  /** Each text delta as it arrives; text delivered here is never re-sent by a retry. */
  onTextDelta?: (text: string) => void;
  /** Each piece of the model's reasoning as it arrives (never part of the answer). */
  onReasoningDelta?: (text: string) => void;
  /** Called before each retry wait. */
  onRetry?: (info: RetryInfo) => void;
  /** Upper bound on the reply's tokens (`max_tokens`); e.g. an MCP sampling request's `maxTokens`. */
  maxTokens?: number;
}

export interface ChatClient {
  /** The endpoint, model and where each setting came from (never the key). */
  readonly settings: Readonly<Omit<ModelSettings, "apiKey">>;
  /** The compat flags in force now (self-healing may have changed some for this session). */
  readonly compat: Readonly<ModelCompat>;
  /** Streams one reply; rejects with `ModelError` or, when `signal` aborts, an `AbortError`. */
  streamChat(request: ChatRequest): Promise<AssistantTurn>;
  /** The same without streaming (`stream: false`). */
  complete(request: Omit<ChatRequest, "onTextDelta" | "onReasoningDelta">): Promise<AssistantTurn>;
  /** Model ids from GET /models; `undefined` when the endpoint has no such route. One try. */
  listModels(options?: { signal?: AbortSignal }): Promise<string[] | undefined>;
}

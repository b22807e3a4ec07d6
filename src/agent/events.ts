/**
 * The events an `Agent` reports while it works, for any UI: the REPL draws them, `--json`
 * prints them as JSONL. Every event is a plain JSON-serialisable object with a `type`.
 */
import type { AssistantMessage, TokenUsage, ToolCall } from "../llm/index.js";

/** A model request is about to be sent (the UI shows "thinking"). */
export interface ModelStartEvent {
  type: "model_start";
  /** 1-based model call of this run; the final tool-less summary call is `maxIterations + 1`. */
  iteration: number;
  /** How many tool definitions the request carries (0 for the summary call). */
  tools: number;
}

/** A piece of the assistant's text, as it streams. */
export interface AssistantDeltaEvent {
  type: "assistant_delta";
  text: string;
}

/** A complete assistant reply, as appended to the history. */
/** A piece of the model's reasoning, as it streams (shown dimmed, never part of the answer). */
export interface ReasoningEvent {
  type: "reasoning";
  text: string;
}

export interface AssistantMessageEvent {
  type: "assistant_message";
  content: string | null;
  toolCalls: ToolCall[];
  message: AssistantMessage;
  finishReason: string;
  usage?: TokenUsage;
}

export interface ToolStartEvent {
  type: "tool_start";
  id: string;
  name: string;
  /** The parsed arguments, or the raw text when they are not a JSON object. */
  args: Record<string, unknown> | string;
  emoji: string;
}

export interface ToolEndEvent {
  type: "tool_end";
  id: string;
  name: string;
  /** Wall time of the call in milliseconds. */
  duration: number;
  ok: boolean;
  /** The error the tool reported, when `ok` is false. */
  error?: string;
  /** Length of the result put in front of the model, in characters. */
  size: number;
  /** The tool message content sent to the model. */
  result: string;
}

/** A running tool reported how far it has come (an MCP server's progress notifications). */
export interface ToolProgressEvent {
  type: "tool_progress";
  id: string;
  name: string;
  progress: number;
  total?: number;
  message?: string;
}

/** The model request failed and will be retried after `delay` ms. */
export interface RetryEvent {
  type: "retry";
  attempt: number;
  delay: number;
  message: string;
}

/** The project was checkpointed before the run's first write (`quiver undo` goes back to it). */
export interface CheckpointEvent {
  type: "checkpoint";
  id: string;
  /** Files in the snapshot. */
  files: number;
  /** The project had not changed since this checkpoint was taken (an earlier turn's). */
  reused: boolean;
}

/** The older part of the history was summarised; requests now carry the summary and the recent turns. */
export interface CompactionEvent {
  type: "compaction";
  /** "threshold": the request would pass `context.compactAt`; "overflow": the provider refused its size; "manual": `/compact`. */
  reason: "threshold" | "overflow" | "manual";
  /** Messages replaced by the summary (an earlier summary counts as one). */
  compacted: number;
  /** Index of the first history message still sent verbatim. */
  from: number;
  tokensBefore: number;
  tokensAfter: number;
  window?: number;
}

/** Token use of one model request, and of the session so far. */
export interface UsageEvent {
  type: "usage";
  /** Prompt tokens (cached ones included). */
  input: number;
  output: number;
  cached: number;
  /** The provider reported no usage: quiver's own estimate. */
  estimated: boolean;
  /** "turn": an answer of the conversation; "compaction": the summarising request. */
  purpose: "turn" | "compaction";
  /** US dollars, where the model's price is known (`model.pricing` or the shipped table). */
  cost?: number;
  session: { input: number; output: number; cached: number; requests: number; cost?: number };
  /** How full the context is for the next request. */
  context: { tokens: number; window?: number; percent?: number };
}

/** `blocked`: a UserPromptSubmit hook refused the message (the turn's content is its reason); nothing was sent. */
export type TurnStatus = "completed" | "max_iterations" | "interrupted" | "blocked" | "failed";

/** The run is over: always the last event of `agent.run()`. */
export interface TurnEndEvent {
  type: "turn_end";
  status: TurnStatus;
  /** Model calls made in this run. */
  iterations: number;
  /** The final answer's text (`null` when there is none, e.g. after an interrupt). */
  content: string | null;
  usage: TokenUsage;
}

export interface ErrorEvent {
  type: "error";
  message: string;
  /** `ModelError.kind` ("auth", "rate_limit", "connection", ...) when the model call failed. */
  kind?: string;
  status?: number;
}

export type AgentEvent =
  | ModelStartEvent
  | AssistantDeltaEvent
  | ReasoningEvent
  | AssistantMessageEvent
  | ToolStartEvent
  | ToolEndEvent
  | ToolProgressEvent
  | RetryEvent
  | CheckpointEvent
  | CompactionEvent
  | UsageEvent
  | TurnEndEvent
  | ErrorEvent;

export type AgentEventListener = (event: AgentEvent) => void;

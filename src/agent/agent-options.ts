/** What an `Agent` is made with, and what a run takes and returns. */
import type { ChatClient, ChatClientOptions, ChatMessage, ModelSettings, TokenUsage } from "../llm/index.js";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";
import type { ModelPricing } from "../tokens/pricing.js";
import type { CheckpointHook } from "./checkpoint-hook.js";
import type { CompactionStart } from "./compaction/context-keeper.js";
import type { AgentEventListener, TurnStatus } from "./events.js";
import type { ToolSearchOptions } from "./request-tools.js";
import type { Session } from "./session.js";
import type { ToolRunOptions } from "./tool-runner.js";

export interface AgentOptions {
  /** A ready client; otherwise one is made from `model` / `baseUrl` / `apiKey` and the env. */
  client?: ChatClient;
  /** A model name (endpoint and key then come from `baseUrl`, `apiKey` or the env), or full settings. */
  model?: string | ModelSettings;
  baseUrl?: string;
  apiKey?: string;
  clientOptions?: ChatClientOptions;
  /** Toolsets offered to the model (default: all). */
  toolsets?: readonly string[];
  /** Toolsets withheld, whatever `toolsets` says. */
  disabledToolsets?: readonly string[];
  /** Progressive tool disclosure (`tools.search` in config.yaml): mode, core tools, context window. */
  toolSearch?: ToolSearchOptions;
  /** Model calls with tools per user message (default 90); then one tool-less call for a summary. */
  maxIterations?: number;
  /** Asked when a tool wants to do something dangerous; without it such calls are refused. */
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** A tool's ctx.elicit / ctx.sample / ctx.log, per call (the chat front ends: the user and the chat's model). */
  caller?: ToolRunOptions["caller"];
  /** How to approve where no one can be asked (the front end's own way), for the tools' `approval_required`. */
  approvalUnavailable?: string;
  onEvent?: AgentEventListener;
  /** Replaces the default system prompt (capabilities, working directory, date). */
  systemPrompt?: string;
  /** Appended to the default system prompt when the first run starts (e.g. MCP servers' instructions). */
  instructions?: () => string | undefined;
  /** Messages are appended to it as they happen; a resumed session's history is continued. */
  session?: Session;
  /** Earlier messages to continue from when there is no session. */
  history?: readonly ChatMessage[];
  /** Working directory named in the default system prompt (default `process.cwd()`). */
  cwd?: string;
  /** Discover the built-in tools before the first run (default true). */
  loadBuiltinTools?: boolean;
  /** Read-only calls run at once, at most (default 8). */
  maxParallelTools?: number;
  /**
   * Attach images from tool results to a user message after the batch (needs a vision model).
   * Default false: images are described in the tool message, which every endpoint accepts.
   */
  attachImages?: boolean;
  /** Takes a checkpoint of the project before the first call of each run that may write. */
  checkpoint?: CheckpointHook;
  /** A subagent: its hooks are SubagentStop (not Stop) and no SessionStart. */
  subagent?: boolean;
  /** Only these tools, whatever the toolsets say (a subagent's subset). */
  tools?: readonly string[];
  /** Context compaction (`context.*` in config.yaml): the window (default: the model's known one) and the share that triggers it (default 0.8). */
  context?: { window?: number; compactAt?: number };
  /** US dollars per million tokens (`model.pricing`); else the shipped table, else no cost. */
  pricing?: ModelPricing;
  /** Awaited before the model is asked to summarise the older history (the `PreCompact` hook's seam). */
  beforeCompact?: (start: CompactionStart) => void | Promise<void>;
}

export interface RunOptions {
  /** Aborts the model request and running tools; the history stays valid. */
  signal?: AbortSignal;
}

export interface RunResult {
  status: Exclude<TurnStatus, "failed">;
  /** The final answer (null after an interrupt). */
  content: string | null;
  /** Model calls made. */
  iterations: number;
  usage: TokenUsage;
  /** The messages this run added to the history, in order. */
  messages: ChatMessage[];
}


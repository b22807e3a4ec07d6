/** The shape of config.yaml once parsed (config.ts reads it, config-schema.ts checks it). */
import type { ModelCompat } from "../llm/types.js";
import type { HooksConfig } from "../hooks/types.js";

export interface ModelConfig {
  name?: string;
  baseUrl?: string;
  apiKey?: string;
  /** Name of the environment variable that holds the key, e.g. OPENROUTER_API_KEY. */
  apiKeyEnv?: string;
  /** A built-in provider preset (openai, groq, deepseek, ...): base URL, key variable and compat. */
  provider?: string;
  /** What the endpoint accepts, over the preset's defaults (see docs/providers.md). */
  compat?: Partial<ModelCompat>;
  /** Token limit per reply, sent as compat.maxTokensField. */
  maxTokens?: number;
  /** The model's context window in tokens, for models quiver does not know (budgets tool definitions, triggers compaction). */
  contextWindow?: number;
  /** US dollars per million tokens, for `/cost` and the usage events (beats the shipped price table). */
  pricing?: { input: number; output: number; cachedInput?: number };
}

export interface ContextConfig {
  /** Share of the context window past which the older history is summarised before a request (default 0.8). */
  compactAt?: number;
}

export interface ToolsConfig {
  /** Progressive tool disclosure: `auto` (default) defers tools to tool_search past 10% of the context window. */
  search?: "off" | "auto" | "on";
  /** Tools every request carries while tool search is on. */
  alwaysLoad?: string[];
}

export interface AgentConfig {
  systemPrompt?: string;
  maxIterations?: number;
  toolsets?: string[];
  disabledToolsets?: string[];
  /** The permission mode a chat starts in: default, plan (read-only tools) or accept-edits (`--mode` beats it). */
  mode?: "default" | "plan" | "accept-edits";
}

export interface TerminalConfig {
  env?: {
    /** Variables the terminal tool passes on although their names look secret (KEY, TOKEN, …). */
    passthrough?: string[];
  };
}

export interface CheckpointsConfig {
  /** Snapshot the project before each turn's first write, so `quiver undo` can revert it (default true). */
  enabled?: boolean;
  /** Files larger than this are left out of checkpoints, and named in them (default 10). */
  maxFileSizeMb?: number;
}

/** `quiver serve --http` (docs/mcp.md, deployment). */
export interface ServeConfig {
  /** "memory" (default, one process) or `redis://…`: where stateless instances share stream events. */
  store?: string;
  /** Serve without sessions, as `--stateless` does. */
  stateless?: boolean;
}

/** Permission rules over tool calls, e.g. `terminal(npm run test*)`, `write_file(src/**)`, `mcp__github__*` (docs/safety.md). */
export interface PermissionsConfig {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

/** The OS sandbox of the terminal tool (see docs/safety.md). */
export interface SandboxConfig {
  /** auto (default): sandbox where the OS allows; on: refuse to run without one; off: never. */
  mode?: "auto" | "on" | "off";
  /** More writable paths besides the project and the private /tmp. */
  writable?: string[];
  /** More paths that look empty or missing (like ~/.ssh). */
  denyRead?: string[];
  network?: {
    /** Hosts (or host:port) the proxy lets through, added to the default list. */
    allow?: string[];
    /** false: drop the default list of registries and code hosts. */
    defaults?: boolean;
  };
}

export interface McpConfig {
  /** Server name → its settings, validated by the MCP layer. */
  servers?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** Project instructions (AGENTS.md) read into the system prompt. */
export interface InstructionsConfig {
  /** File names looked for in each directory, first found wins (default AGENTS.md), e.g. CLAUDE.md, GEMINI.md. */
  files?: string[];
  /** All instruction files together, at most (default 65536); the rest is cut with a warning. */
  maxBytes?: number;
}

/** Limits on what the chat's input brings in: piped stdin with -p, `@path` mentions. */
export interface InputConfig {
  maxStdinBytes?: number;
  mentionMaxBytes?: number;
  mentionMaxFiles?: number;
}

export interface QuiverConfig {
  model?: ModelConfig;
  agent?: AgentConfig;
  mcp?: McpConfig;
  tools?: ToolsConfig;
  context?: ContextConfig;
  terminal?: TerminalConfig;
  sandbox?: SandboxConfig;
  checkpoints?: CheckpointsConfig;
  permissions?: PermissionsConfig;
  instructions?: InstructionsConfig;
  input?: InputConfig;
  /** Claude Code's hooks layout (docs/extending.md). */
  hooks?: HooksConfig;
  serve?: ServeConfig;
  [section: string]: unknown;
}

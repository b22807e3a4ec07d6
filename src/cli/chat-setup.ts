/**
 * What `quiver chat` hands its front ends (REPL, one-shot) and how they make their agent: in a
 * file of its own so the front ends need not import chat.ts, which imports them.
 */
import { Agent, type AgentEventListener, type AgentOptions, type CheckpointHook, type Session, type ToolSearchOptions } from "../agent/index.js";
import type { ToolSelection } from "../calls/model-tools.js";
import type { QuiverConfig } from "../config/config.js";
import type { ChatClient, ChatClientOptions, ModelSettings } from "../llm/index.js";
import type { McpManager } from "../mcp/manager.js";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";
import type { ToolReload } from "../registry/watch-tools.js";
import { contextWindowFor } from "../tokens/context-window.js";

/** Everything a chat front end (REPL or one-shot) needs, resolved from flags, env and config. */
export interface ChatSetup {
  settings: ModelSettings;
  client: ChatClient;
  /** How to make a client again (/model): the local provider's threads, GPU and models directory. */
  clientOptions: ChatClientOptions;
  /** The toolsets offered to the model (flags, else config.yaml). */
  selection: ToolSelection;
  maxIterations: number | undefined;
  systemPrompt: string | undefined;
  /** `tools.search`, `tools.alwaysLoad` and the model's context window. */
  toolSearch: ToolSearchOptions;
  yes: boolean;
  /** Show the model's reasoning as it streams (REPL: toggled by /reasoning; -p: --show-reasoning). */
  showReasoning: boolean;
  session: Session;
  resumed: boolean;
  /** Resolves once MCP servers are ready or the start-up budget is spent; call before a model request. */
  toolsReady: () => Promise<void>;
  /** The MCP servers of this chat, when any are configured (`/cd` tells them the new root). */
  mcp: McpManager | undefined;
  /** Takes a checkpoint before each turn's first write (undefined: `checkpoints.enabled: false`). */
  checkpoint: CheckpointHook | undefined;
  /** Tells `listener` of each tool file reloaded (the REPL, watching its tool directories). */
  onToolReload: (listener: (reload: ToolReload) => void) => void;
  /** `quiver chat "hello"`: the REPL sends this before reading input. */
  firstMessage?: string;
}

/** The agent for a chat front end. */
export function createAgent(
  setup: ChatSetup,
  hooks: {
    onEvent: AgentEventListener;
    approve: ((request: ApprovalRequest) => Promise<ApprovalDecision>) | undefined;
    approvalUnavailable?: string;
    /** The tools' ctx.elicit / ctx.sample / ctx.log (chat-caller.ts). */
    caller?: AgentOptions["caller"];
  },
): Agent {
  return new Agent({
    client: setup.client,
    session: setup.session,
    onEvent: hooks.onEvent,
    approve: hooks.approve,
    ...(hooks.approvalUnavailable === undefined ? {} : { approvalUnavailable: hooks.approvalUnavailable }),
    ...(hooks.caller === undefined ? {} : { caller: hooks.caller }),
    loadBuiltinTools: false,
    toolsets: setup.selection.enabledToolsets,
    disabledToolsets: setup.selection.disabledToolsets,
    maxIterations: setup.maxIterations,
    systemPrompt: setup.systemPrompt,
    toolSearch: setup.toolSearch,
    instructions: () => setup.mcp?.instructions(),
    ...(setup.checkpoint === undefined ? {} : { checkpoint: setup.checkpoint }),
  });
}

/** The tool search settings of config.yaml, with the context window of the model in use. */
export function toolSearchOptions(config: QuiverConfig, model: string | undefined): ToolSearchOptions {
  const contextWindow = contextWindowFor(model, config.model?.contextWindow);
  return {
    ...(config.tools?.search === undefined ? {} : { mode: config.tools.search }),
    ...(config.tools?.alwaysLoad === undefined ? {} : { alwaysLoad: config.tools.alwaysLoad }),
    ...(contextWindow === undefined ? {} : { contextWindow }),
  };
}

/**
 * The built-in `agent` tool: hands a sub-task to a child agent with its own history, a subset of
 * the caller's tools and a brief. Definitions are Markdown with front matter (`name`,
 * `description`, `tools`, `model`; the body is the child's instructions) in `$QUIVER_HOME/agents/`
 * and, opted in, the project's `.quiver/agents/`; their descriptions are what the model sees.
 * Registered by the front end (it owns the model client); marked read-only so several calls in
 * one reply run at once. Each child's writes are checkpointed by its own run.
 */
import type { ToolSelection } from "../calls/model-tools.js";
import type { ChatClient } from "../llm/index.js";
import { registry, toolError, type RegisterOptions } from "../registry/index.js";
import { Agent, type AgentOptions } from "./agent.js";
import { nameList, readDefinitions, stringAttr, type DefinitionDir } from "./markdown-defs.js";
import { AGENT_TOOL, callerTools, childTools, runChild } from "./subagent.js";

export interface SubagentDefinition {
  name: string;
  description: string;
  /** Tool names (quiver's or Claude Code's); undefined: every tool the caller has. */
  tools: string[] | undefined;
  model: string | undefined;
  /** The body: the child's instructions. */
  prompt: string;
  file: string;
}

/** The general-purpose child, when a call names no definition. */
const GENERAL: SubagentDefinition = {
  name: "general-purpose",
  description: "A fresh agent with every tool you have, for a self-contained sub-task (research, a search across many files, a multi-step change).",
  tools: undefined,
  model: undefined,
  prompt: "",
  file: "(built in)",
};

export async function loadSubagents(dirs: readonly DefinitionDir[]): Promise<SubagentDefinition[]> {
  return (await readDefinitions(dirs, "flat")).map((def) => ({
    name: def.name,
    description: stringAttr(def, "description") ?? `The ${def.name} subagent (${def.file})`,
    tools: nameList(def.attributes.tools),
    model: stringAttr(def, "model"),
    prompt: def.body.trim(),
    file: def.file,
  }));
}

export interface AgentToolOptions {
  definitions: readonly SubagentDefinition[];
  /** The caller's client now (`/model` may switch it), and one for a definition's `model`. */
  client: () => ChatClient;
  clientFor?: (model: string) => ChatClient;
  /** The caller's toolsets, for calls without a session catalog (read at call time). */
  selection?: () => ToolSelection;
  /** What else the child agents get: checkpoint, tool search, iteration budget (read at call time). */
  childOptions?: () => Pick<AgentOptions, "checkpoint" | "toolSearch" | "maxIterations" | "maxParallelTools">;
}

/** Registers (or replaces) the `agent` tool. */
export function registerAgentTool(opts: AgentToolOptions): void {
  registry.register(agentTool(opts));
}

export function agentTool(opts: AgentToolOptions): RegisterOptions {
  const all = [GENERAL, ...opts.definitions.filter((d) => d.name !== GENERAL.name)];
  const listing = all.map((d) => `- ${d.name}: ${d.description}`).join("\n");
  return {
    name: AGENT_TOOL,
    toolset: "agent",
    emoji: "🧑‍🤝‍🧑",
    readOnly: true,
    timeoutMs: Infinity,
    schema: {
      description:
        "Hand a self-contained sub-task to a subagent: a fresh agent with its own context that sees only your brief, " +
        "works with its own (possibly fewer) tools under the same permissions, and returns its final answer. " +
        `Several calls in one reply run in parallel. Available agents:\n${listing}`,
      parameters: {
        type: "object",
        properties: {
          description: { type: "string", description: "A few words on the task (shown to the user)." },
          prompt: { type: "string", description: "The brief: everything the subagent needs to know, and what to answer with." },
          subagent_type: { type: "string", enum: all.map((d) => d.name), description: `Which agent (default ${GENERAL.name}).` },
        },
        required: ["prompt"],
        additionalProperties: false,
      },
    },
    handler: async (args: Record<string, unknown>, ctx) => {
      const name = typeof args.subagent_type === "string" ? args.subagent_type : GENERAL.name;
      const def = all.find((d) => d.name === name);
      if (def === undefined) return toolError(`No subagent is named ${name}. Available: ${all.map((d) => d.name).join(", ")}.`, { error_type: "invalid_arguments" });
      const tools = childTools(await callerTools(ctx, opts.selection?.() ?? {}, new Set()), def.tools);
      const client = def.model === undefined || opts.clientFor === undefined ? opts.client() : opts.clientFor(def.model);
      return runChild(def.name, String(args.prompt), ctx, tools, (spec) =>
        new Agent({
          ...opts.childOptions?.(),
          client,
          loadBuiltinTools: false,
          tools: spec.tools,
          approve: spec.approve,
          ...(spec.approvalUnavailable === undefined ? {} : { approvalUnavailable: spec.approvalUnavailable }),
          onEvent: spec.onEvent,
          ...(def.prompt === "" ? {} : { instructions: () => def.prompt }),
          subagent: true,
        }),
      );
    },
  };
}

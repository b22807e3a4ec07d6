/**
 * One subagent run as a tool call: a fresh child agent (its own history) on a brief, with at most
 * the tools the calling session has, the caller's approver, signal and hooks; it answers with the
 * child's final text and usage. Shared by the built-in `agent` tool and `Agent.asTool`.
 */
import { toolError, toolResult, type ApprovalDecision, type ApprovalRequest, type ToolContext } from "../registry/index.js";
import { getToolDefinitions, type ToolSelection } from "../calls/model-tools.js";
import { claudeNames } from "../hooks/tool-names.js";
import type { AgentEvent } from "./events.js";
import type { TokenUsage } from "../llm/index.js";
import type { RegisterOptions } from "../registry/index.js";

/** The subagent tool's own name: a child never gets it (no nesting). */
export const AGENT_TOOL = "agent";

/** What a child needs from the caller, to be made per call. */
export interface ChildSpec {
  /** Tool names the child may use (already cut to what the caller has). */
  tools: readonly string[];
  approve: ((request: ApprovalRequest) => Promise<ApprovalDecision>) | undefined;
  approvalUnavailable: string | undefined;
  onEvent: (event: AgentEvent) => void;
}

/** What a child's run answers (the Agent's RunResult, structurally: this file does not import agent.ts). */
export interface ChildResult {
  status: string;
  content: string | null;
  iterations: number;
  usage: TokenUsage;
}

export interface ChildAgent {
  run(prompt: string, options: { signal?: AbortSignal }): Promise<ChildResult>;
}

/** The tools of the calling session (its catalog), else of `selection`; never the subagent tools themselves. */
export async function callerTools(ctx: ToolContext, selection: ToolSelection, exclude: ReadonlySet<string>): Promise<string[]> {
  const definitions = ctx.toolCatalog !== undefined ? await ctx.toolCatalog.searchable() : await getToolDefinitions(selection);
  return definitions.map((d) => d.function.name).filter((name) => name !== AGENT_TOOL && !exclude.has(name));
}

/** `wanted` (quiver's or Claude Code's names) within what the caller has; all of it when `wanted` is undefined. */
export function childTools(have: readonly string[], wanted: readonly string[] | undefined): string[] {
  if (wanted === undefined) return [...have];
  const asked = new Set(wanted);
  return have.filter((name) => asked.has(name) || claudeNames(name).some((alias) => asked.has(alias)) || wildcard(asked, name));
}

/** `mcp__github__*` in a definition's tools covers that server's tools. */
function wildcard(asked: ReadonlySet<string>, name: string): boolean {
  for (const pattern of asked) if (pattern.endsWith("*") && name.startsWith(pattern.slice(0, -1))) return true;
  return false;
}

export async function runChild(label: string, prompt: string, ctx: ToolContext, tools: readonly string[], make: (spec: ChildSpec) => ChildAgent): Promise<string> {
  let steps = 0;
  const child = make({
    tools,
    approve: ctx.approve,
    approvalUnavailable: ctx.approvalUnavailable,
    onEvent: (event) => {
      if (event.type === "tool_start") ctx.progress?.({ progress: ++steps, message: `${label}: ${event.name}` });
    },
  });
  try {
    const result = await child.run(prompt, ctx.signal === undefined ? {} : { signal: ctx.signal });
    if (result.status === "interrupted") return toolError(`The ${label} subagent was interrupted before it finished.`, { error_type: "interrupted", iterations: result.iterations, usage: result.usage });
    return toolResult({ agent: label, status: result.status, result: result.content ?? "", iterations: result.iterations, usage: result.usage });
  } catch (err) {
    return toolError(`The ${label} subagent failed: ${err instanceof Error ? err.message : String(err)}`, { error_type: "subagent_failed" });
  }
}

export interface AsToolSpec {
  name: string;
  description: string;
  /** Default "agents". */
  toolset?: string;
}

/** `Agent.asTool`: each call runs a fresh child (`make`, from the agent's options) with its own history and at most the caller's tools. */
export function agentAsTool(spec: AsToolSpec, own: { selection: ToolSelection; tools: readonly string[] | undefined }, make: (spec: ChildSpec) => ChildAgent): RegisterOptions {
  return {
    name: spec.name,
    toolset: spec.toolset ?? "agents",
    readOnly: true,
    timeoutMs: Infinity,
    schema: { description: spec.description, parameters: { type: "object", properties: { prompt: { type: "string", description: "The task, with everything needed to do it." } }, required: ["prompt"] } },
    handler: async (args: Record<string, unknown>, ctx) => {
      const have = await callerTools(ctx, own.selection, new Set([spec.name]));
      const tools = own.tools === undefined ? have : have.filter((name) => own.tools!.includes(name));
      return runChild(spec.name, String(args.prompt), ctx, tools, make);
    },
  };
}

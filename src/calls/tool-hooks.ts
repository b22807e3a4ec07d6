/**
 * PreToolUse and PostToolUse around one call, inside runFunctionCall so every path has them
 * (chat, subagents, `tools call`, `serve`, MCP tools, tool_search). The hook's decision joins
 * the permission gate (permissions.ts): deny rules > hook deny > ask (rule or hook) > hook
 * allow > allow rules > the tool's own guard; a hook's allow never answers an `explicit`
 * approval, so it never lifts the sandbox or a credential read, and hard-line refusals stay.
 */
import { fireHooks, hookToolName } from "../hooks/hooks.js";
import { fromClaudeInput, toClaudeInput } from "../hooks/tool-names.js";
import type { PermissionDecision } from "../hooks/types.js";
import { toolError, type ToolContext, type ToolOutput } from "../registry/index.js";

/** What the PreToolUse hooks said about one call. */
export interface PreToolVerdict {
  /** For the permission gate; undefined when no hook decided. */
  decision: { effect: PermissionDecision; reason: string } | undefined;
  /** The hooks' replacement arguments, in quiver's shape (checked again before use). */
  updatedInput: Record<string, unknown> | undefined;
  /** Added to the call's result for the model. */
  context: string | undefined;
  /** `continue: false`: the call is refused with this reason. */
  stop: string | undefined;
}

export async function preToolUse(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<PreToolVerdict | undefined> {
  const cwd = process.cwd();
  const fired = await fireHooks("PreToolUse", {
    tool: name,
    signal: ctx.signal,
    input: (claude) => ({ tool_name: hookToolName(name, claude), quiver_tool_name: name, tool_input: claude ? toClaudeInput(args, cwd) : args, tool_use_id: ctx.toolCallId ?? "" }),
  });
  if (fired === undefined) return undefined;
  const effect = fired.block ? "deny" : fired.permission;
  return {
    decision: effect === undefined ? undefined : { effect, reason: fired.reason ?? `a PreToolUse hook answered ${effect}` },
    updatedInput: fired.updatedInput === undefined ? undefined : fired.claude ? fromClaudeInput(fired.updatedInput) : fired.updatedInput,
    context: fired.additionalContext,
    stop: fired.stop ? fired.stopReason ?? "a PreToolUse hook stopped the turn (continue: false)" : undefined,
  };
}

/** PostToolUse: the result as the model gets it, with what the hooks had to say added (the tool has already run). */
export async function postToolUse(name: string, args: Record<string, unknown>, output: ToolOutput, ctx: ToolContext): Promise<ToolOutput> {
  const cwd = process.cwd();
  const fired = await fireHooks("PostToolUse", {
    tool: name,
    signal: ctx.signal,
    input: (claude) => ({
      tool_name: hookToolName(name, claude),
      quiver_tool_name: name,
      tool_input: claude ? toClaudeInput(args, cwd) : args,
      tool_response: responseOf(output),
      tool_use_id: ctx.toolCallId ?? "",
    }),
  });
  if (fired === undefined) return output;
  const notes = [fired.block ? fired.reason : undefined, fired.additionalContext, fired.stop ? fired.stopReason : undefined].filter((n): n is string => n !== undefined);
  return withNote(output, notes.length === 0 ? undefined : `PostToolUse hook: ${notes.join("\n")}`);
}

/** The refusal for a call a hook denied: its reason reaches the model. */
export function hookDenied(name: string, reason: string): string {
  return toolError(`Blocked by a PreToolUse hook: ${reason}. The ${name} call was not run; do not retry it unchanged.`, { error_type: "hook_denied" });
}

export function hookStopped(name: string, reason: string): string {
  return toolError(`A PreToolUse hook stopped this turn: ${reason}. The ${name} call was not run.`, { error_type: "hook_stopped" });
}

/** The output with a note for the model after it (a text part for a multimodal result). */
export function withNote(output: ToolOutput, note: string | undefined): ToolOutput {
  if (note === undefined) return output;
  if (typeof output === "string") return `${output}\n\n[${note}]`;
  return { ...output, content: [...output.content, { type: "text", text: `[${note}]` }] };
}

function responseOf(output: ToolOutput): unknown {
  if (typeof output !== "string") return output;
  try {
    return JSON.parse(output) as unknown;
  } catch {
    return output;
  }
}

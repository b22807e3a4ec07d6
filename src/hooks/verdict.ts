/**
 * A hook's answer in Claude Code's protocol: exit 0 = go on (stdout may be JSON: `decision`,
 * `reason`, `continue`, `stopReason`, `hookSpecificOutput.{permissionDecision,
 * permissionDecisionReason, updatedInput, additionalContext}`); exit 2 = block, stderr is the
 * reason; any other exit, a time-out or a failure to start = a non-blocking error.
 */
import type { HookEvent, HookRun, HookVerdict, PermissionDecision } from "./types.js";

const NONE: HookVerdict = {
  block: false,
  permission: undefined,
  reason: undefined,
  updatedInput: undefined,
  additionalContext: undefined,
  stop: false,
  stopReason: undefined,
  error: undefined,
};

/** Events whose plain (non-JSON) stdout on exit 0 is context for the model, as in Claude Code. */
const STDOUT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);

export function readVerdict(event: HookEvent, run: HookRun): HookVerdict {
  if (run.spawnError !== undefined) return { ...NONE, error: `could not start: ${run.spawnError}` };
  if (run.timedOut) return { ...NONE, error: `timed out after ${Math.round(run.durationMs / 100) / 10} s and was killed` };
  if (run.exitCode === 2) return { ...NONE, block: true, permission: event === "PreToolUse" ? "deny" : undefined, reason: run.stderr.trim() || "blocked by a hook (exit 2)" };
  if (run.exitCode !== 0) return { ...NONE, error: `exited with ${run.exitCode ?? "a signal"}${run.stderr.trim() === "" ? "" : `: ${run.stderr.trim().slice(0, 500)}`}` };
  const text = run.stdout.trim();
  if (!text.startsWith("{")) return STDOUT_IS_CONTEXT.has(event) && text !== "" ? { ...NONE, additionalContext: text } : NONE;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ...NONE, error: "printed output that starts with { but is not JSON" };
  }
  return isRecord(json) ? fromJson(event, json) : NONE;
}

function fromJson(event: HookEvent, json: Record<string, unknown>): HookVerdict {
  const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const decision = json.decision;
  // `decision: approve|block` is Claude Code's older spelling of PreToolUse's permissionDecision.
  let permission = event === "PreToolUse" ? permissionOf(specific.permissionDecision) ?? (decision === "approve" ? "allow" : decision === "block" ? "deny" : undefined) : undefined;
  const block = decision === "block" || permission === "deny";
  if (block && event === "PreToolUse") permission = "deny";
  return {
    block,
    permission,
    reason: text(specific.permissionDecisionReason) ?? text(json.reason),
    updatedInput: isRecord(specific.updatedInput) ? specific.updatedInput : undefined,
    additionalContext: text(specific.additionalContext),
    stop: json.continue === false,
    stopReason: text(json.stopReason),
    error: undefined,
  };
}

function permissionOf(value: unknown): PermissionDecision | undefined {
  return value === "allow" || value === "deny" || value === "ask" ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

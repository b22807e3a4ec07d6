/**
 * The events besides the tool calls, each with Claude Code's input fields: UserPromptSubmit,
 * Stop / SubagentStop, SessionStart, SessionEnd, PreCompact and Notification. Each does nothing
 * (and costs one property read) when no hook is configured for it.
 */
import { fireHooks, hasHooks } from "./hooks.js";

/** UserPromptSubmit: `blocked` (exit 2 or `decision: block`; the prompt is not sent) or context to add to it. */
export async function userPromptSubmit(prompt: string, signal?: AbortSignal): Promise<{ blocked?: string; context?: string }> {
  if (!hasHooks("UserPromptSubmit")) return {};
  const fired = await fireHooks("UserPromptSubmit", { signal, input: () => ({ prompt }) });
  if (fired === undefined) return {};
  if (fired.block || fired.stop) return { blocked: fired.reason ?? fired.stopReason ?? "a UserPromptSubmit hook blocked this prompt" };
  return fired.additionalContext === undefined ? {} : { context: fired.additionalContext };
}

/**
 * Stop (or SubagentStop for a child agent): the reason to go on with, when a hook blocks the
 * stop. `active` is Claude Code's `stop_hook_active`: the turn already went on once for a hook.
 */
export async function stopRequested(event: "Stop" | "SubagentStop", lastMessage: string, active: boolean, signal?: AbortSignal): Promise<string | undefined> {
  if (!hasHooks(event)) return undefined;
  const fired = await fireHooks(event, { signal, input: () => ({ stop_hook_active: active, last_assistant_message: lastMessage }) });
  if (fired === undefined || !fired.block || fired.stop) return undefined;
  return fired.reason ?? `a ${event} hook asked to go on`;
}

/** SessionStart: context for the model (plain stdout or `additionalContext`). */
export async function sessionStart(source: "startup" | "resume" | "clear" | "compact"): Promise<string | undefined> {
  if (!hasHooks("SessionStart")) return undefined;
  return (await fireHooks("SessionStart", { input: () => ({ source }) }))?.additionalContext;
}

/** SessionEnd: told, nothing to decide. */
export async function sessionEnd(reason: "exit" | "clear" | "logout" | "other"): Promise<void> {
  if (!hasHooks("SessionEnd")) return;
  await fireHooks("SessionEnd", { input: () => ({ reason }) });
}

/**
 * PreCompact, for the context compaction to call before it compacts (`trigger` manual for
 * `/compact`, auto past `context.compactAt`); true when a hook blocks the compaction.
 */
export async function firePreCompact(trigger: "manual" | "auto", customInstructions = ""): Promise<boolean> {
  if (!hasHooks("PreCompact")) return false;
  const fired = await fireHooks("PreCompact", { input: () => ({ trigger, custom_instructions: customInstructions }) });
  return fired?.block === true;
}

/** Notification: quiver waits for the user (an approval question). Not awaited by the caller's prompt. */
export async function notify(message: string, type: "permission_prompt" | "idle_prompt"): Promise<void> {
  if (!hasHooks("Notification")) return;
  await fireHooks("Notification", { input: () => ({ message, notification_type: type }) });
}

/**
 * What one `Agent.run` carries from step to step: its counters and usage, its abort signal, and
 * when the conversation goes to disk around tool calls.
 */
import type { TokenUsage, ToolCall } from "../llm/index.js";
import { hasHooks } from "../hooks/hooks.js";
import { checkpointOnce, type CheckpointHook } from "./checkpoint-hook.js";
import type { AgentEvent } from "./events.js";
import { emptyUsage } from "./run-usage.js";
import type { Session } from "./session.js";

export interface RunState {
  iterations: number;
  usage: TokenUsage;
  firstMessage: number;
  signal: AbortSignal | undefined;
  /** Appends what the transcript lacks (the agent's save). */
  save: () => void;
  /** Awaited before each call that may write: the calls on disk, then the run's checkpoint (once). */
  beforeWrite: (call: ToolCall) => Promise<void>;
  /** A Stop hook made this run go on already (Claude Code's stop_hook_active). */
  stopHookActive: boolean;
}

export interface RunStart {
  firstMessage: number;
  signal: AbortSignal | undefined;
  session: Session | undefined;
  checkpoint: CheckpointHook | undefined;
  emit: (event: AgentEvent) => void;
  save: () => void;
}

export function startRun({ firstMessage, signal, session, checkpoint, emit, save }: RunStart): RunState {
  const takeCheckpoint = checkpoint === undefined ? undefined : checkpointOnce(checkpoint, session?.id, emit);
  const beforeWrite = async (call: ToolCall): Promise<void> => {
    save();
    // A new transcript may still be opening off the main thread: a writer waits for its call to be on disk.
    await session?.settled();
    await takeCheckpoint?.(call);
  };
  return { iterations: 0, usage: emptyUsage(), firstMessage, signal, save, beforeWrite, stopHookActive: false };
}

/**
 * Puts an assistant's tool calls on disk before anything that may write runs (`beforeWrite`),
 * before a hook, which is handed the transcript, sees them, and before the run waits on anything:
 * a process killed mid-tool resumes knowing them. Read-only calls that finish at once (a small
 * file read) go to disk in the same append as their results. Returns what cancels the wait.
 */
export function saveCallsSoon(calls: readonly ToolCall[], state: RunState): () => void {
  if (calls.some((call) => hasHooks("PreToolUse", call.name) || hasHooks("PostToolUse", call.name))) {
    state.save();
    return () => {};
  }
  const soon = setImmediate(state.save);
  return () => clearImmediate(soon);
}

/** A function, not an inline check: TypeScript would keep the narrowing of `aborted` across awaits. */
export function aborted(state: RunState): boolean {
  return state.signal?.aborted === true;
}

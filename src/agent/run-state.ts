/**
 * What one `Agent.run` carries from step to step: its counters and usage, its abort signal, and
 * what a call that may write waits for before it runs.
 */
import type { TokenUsage, ToolCall } from "../llm/index.js";
import { checkpointOnce, type CheckpointHook } from "./checkpoint-hook.js";
import type { AgentEvent } from "./events.js";
import { emptyUsage } from "./run-usage.js";
import type { Session } from "./session.js";

export interface RunState {
  iterations: number;
  usage: TokenUsage;
  firstMessage: number;
  signal: AbortSignal | undefined;
  /** Awaited before each call that may write: the transcript on disk, then the run's checkpoint (once). */
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
}

export function startRun({ firstMessage, signal, session, checkpoint, emit }: RunStart): RunState {
  const takeCheckpoint = checkpoint === undefined ? undefined : checkpointOnce(checkpoint, session?.id, emit);
  const beforeWrite = async (call: ToolCall): Promise<void> => {
    // A new transcript may still be opening off the main thread: a writer waits for its call to be on disk.
    await session?.settled();
    await takeCheckpoint?.(call);
  };
  return { iterations: 0, usage: emptyUsage(), firstMessage, signal, beforeWrite, stopHookActive: false };
}

/** A function, not an inline check: TypeScript would keep the narrowing of `aborted` across awaits. */
export function aborted(state: RunState): boolean {
  return state.signal?.aborted === true;
}

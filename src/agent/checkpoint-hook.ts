/**
 * How the agent asks for a checkpoint before a run's first write, without knowing how one is
 * taken (the CLI passes quiver's git-backed `Checkpointer`, loaded only when first needed).
 */
import type { ToolCall } from "../llm/index.js";
import { createLogger } from "../registry/index.js";
import type { CheckpointEvent } from "./events.js";

const log = createLogger("agent");

export interface CheckpointHook {
  /** Snapshots the project before `call` runs; never rejects (undefined when none was taken). */
  take(call: { tool: string; args: unknown; sessionId?: string }): Promise<{ record: { id: string; files: number }; reused: boolean } | undefined>;
}

/** A run's `beforeWrite`: the first call asks `hook` for a checkpoint, later ones do nothing. */
export function checkpointOnce(hook: CheckpointHook, sessionId: string | undefined, emit: (event: CheckpointEvent) => void): (call: ToolCall) => Promise<void> {
  let taken = false;
  return async (call) => {
    if (taken) return;
    taken = true;
    await takeCheckpoint(hook, call, sessionId, emit);
  };
}

/** Asks `hook` for a checkpoint before `call` and reports it; a failure never stops the call. */
async function takeCheckpoint(hook: CheckpointHook, call: ToolCall, sessionId: string | undefined, emit: (event: CheckpointEvent) => void): Promise<void> {
  try {
    const taken = await hook.take({ tool: call.name, args: parsedOrRaw(call.arguments), ...(sessionId === undefined ? {} : { sessionId }) });
    if (taken !== undefined) emit({ type: "checkpoint", id: taken.record.id, files: taken.record.files, reused: taken.reused });
  } catch (err) {
    log.warn(`No checkpoint before ${call.name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function parsedOrRaw(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

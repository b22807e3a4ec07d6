/**
 * The CLI's checkpoints: a hook for the agent, `tools call` and `serve` that loads the git
 * machinery only when the first write comes (and never when config.yaml turns them off).
 */
import type { CheckpointHook } from "../agent/index.js";
import type { Checkpointer } from "../checkpoints/index.js";
import type { QuiverConfig } from "../config/types.js";

export function checkpointHook(config: QuiverConfig): CheckpointHook | undefined {
  if (config.checkpoints?.enabled === false) return undefined;
  let checkpointer: Promise<Checkpointer> | undefined;
  const load = (): Promise<Checkpointer> =>
    (checkpointer ??= import("../checkpoints/index.js").then(
      ({ Checkpointer }) => new Checkpointer({ ...(config.checkpoints?.maxFileSizeMb === undefined ? {} : { maxFileSizeMb: config.checkpoints.maxFileSizeMb }) }),
    ));
  return { take: async (call) => (await load()).take(call) };
}

/** `checkpoints.maxFileSizeMb` for commands that snapshot (undo, list). */
export function storeOptions(config: QuiverConfig): { maxFileSizeMb?: number } {
  return config.checkpoints?.maxFileSizeMb === undefined ? {} : { maxFileSizeMb: config.checkpoints.maxFileSizeMb };
}

/**
 * A tool's `warmUp` (what a call will need, loaded with no effect) run beside the checkpoint
 * taken before the call, so a fresh process waits for the slower of the two only.
 */
import { registry } from "../registry/index.js";

/** Resolves once `name`'s warm-up is done; never rejects (the call itself meets and reports the failure). */
export async function warmUpTool(name: string): Promise<void> {
  try {
    await registry.getEntry(name)?.warmUp?.();
  } catch {
    // the call reports it
  }
}

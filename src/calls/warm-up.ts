/**
 * A tool's `warmUp` (what a call will need, loaded with no effect) run beside the checkpoint
 * taken before the call, so a fresh process waits for the slower of the two only.
 */
import { registry } from "../registry/index.js";

/**
 * Resolves once `name`'s warm-up for these arguments (an object, or the model's JSON text) is done;
 * never rejects (the call itself meets and reports the failure).
 */
export async function warmUpTool(name: string, args: Readonly<Record<string, unknown>> | string): Promise<void> {
  try {
    await registry.getEntry(name)?.warmUp?.(typeof args === "string" ? argumentsObject(args) : args);
  } catch {
    // the call reports it
  }
}

/** The arguments a model sent, as an object when they parse as one; `{}` otherwise (the call reports the problem). */
function argumentsObject(text: string): Readonly<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

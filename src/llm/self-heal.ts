/**
 * Self-healing where it is safe: when a server rejects a parameter by name (a 400 or 422 naming
 * `stream_options`, `parallel_tool_calls`, `max_completion_tokens` or `max_tokens`, or calling a
 * reasoning field unsupported), the parameter is dropped or swapped for the rest of the session
 * and the request retried once.
 */
import { ModelError } from "./errors.js";
import type { ModelCompat } from "./types.js";

const REFUSED = /unsupported|not supported|not permitted|unrecognized|unknown|extra/i;

export interface Healing {
  /** The compat change to apply for the session. */
  change: Partial<ModelCompat>;
  /** One line for the user saying what was changed and why. */
  note: string;
}

/** What to change after `error`, given what the failed request carried; undefined when nothing safe applies. */
export function healingFor(error: unknown, compat: ModelCompat, sent: { tools: boolean; maxTokens: boolean; reasoning: boolean }): Healing | undefined {
  if (!(error instanceof ModelError) || (error.status !== 400 && error.status !== 422)) return undefined;
  const text = error.message;
  const names = (name: string): boolean => new RegExp(`\\b${name}\\b`).test(text);
  if (compat.streamUsage && compat.stream && names("stream_options")) {
    return { change: { streamUsage: false }, note: "the server rejected stream_options; sending without it from now on (model.compat.streamUsage: false)" };
  }
  if (compat.parallelToolCalls && sent.tools && names("parallel_tool_calls")) {
    return { change: { parallelToolCalls: false }, note: "the server rejected parallel_tool_calls; omitting it from now on (model.compat.parallelToolCalls: false)" };
  }
  // "property 'reasoning' is unsupported" (Groq), "extra inputs are not permitted" (Mistral);
  // never DeepSeek's "Missing `reasoning_content`", which asks for the opposite.
  if (sent.reasoning && /\breasoning(_content|_details)?\b/.test(text) && REFUSED.test(text) && !/\bmissing\b/i.test(text)) {
    return { change: { reasoning: "strip" }, note: "the server refused reasoning sent back on assistant messages; not sending it from now on (model.compat.reasoning: strip)" };
  }
  if (!sent.maxTokens) return undefined;
  if (compat.maxTokensField === "max_completion_tokens" && names("max_completion_tokens")) {
    return { change: { maxTokensField: "max_tokens" }, note: "the server rejected max_completion_tokens; sending max_tokens from now on (model.compat.maxTokensField: max_tokens)" };
  }
  if (compat.maxTokensField === "max_tokens" && names("max_tokens") && names("max_completion_tokens")) {
    return {
      change: { maxTokensField: "max_completion_tokens" },
      note: "the server asked for max_completion_tokens instead of max_tokens; sending that from now on (model.compat.maxTokensField: max_completion_tokens)",
    };
  }
  return undefined;
}

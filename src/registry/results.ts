/** Helpers that build the JSON strings tools hand back to the model. */

/** Error text put in front of the model is bounded: a huge stack trace is noise, and costs tokens. */
export const MAX_ERROR_CHARS = 2048;
export const TRUNCATION_MARK = "… [truncated]";

export function boundErrorText(text: string): string {
  return text.length > MAX_ERROR_CHARS ? text.slice(0, MAX_ERROR_CHARS) + TRUNCATION_MARK : text;
}

/** Serialises a tool's successful result; `undefined` becomes `{}`. Non-ASCII is kept as is. */
export function toolResult(data?: unknown): string {
  if (data === undefined) return "{}";
  try {
    return JSON.stringify(data) ?? "null";
  } catch (err) {
    return toolError(`Tool result is not JSON-serialisable: ${(err as Error).message}`);
  }
}

/**
 * `{"error": message, ...extra}` with the message bounded at MAX_ERROR_CHARS. Never throws:
 * it is how failures get answered, so extras JSON cannot carry (a BigInt, a cycle) are dropped
 * rather than turning the answer itself into a throw.
 */
export function toolError(message: string, extra?: Record<string, unknown>): string {
  const error = boundErrorText(String(message));
  if (extra === undefined) return JSON.stringify({ error });
  const body: Record<string, unknown> = { error };
  try {
    for (const key of Object.keys(extra)) if (key !== "error") body[key] = extra[key];
    return JSON.stringify(body);
  } catch {
    return JSON.stringify({ error });
  }
}

/**
 * Parsing of the argument string a model sends with a tool call. Models emit slightly broken
 * JSON often enough (trailing commas, single quotes, Python literals) that a repair pass pays
 * off; JSON that was cut off mid-way is refused instead, since "repairing" it would run the
 * tool with a silently shortened value (a truncated path or command).
 */
import { jsonrepair } from "jsonrepair";

export type ParsedArguments =
  | { ok: true; args: Record<string, unknown>; repaired: boolean }
  | { ok: false; errorType: "invalid_json" | "truncated_arguments" | "invalid_arguments"; message: string };

export function parseArguments(raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, args: {}, repaired: false };
  // A copy: validation coerces in place, and the caller's object is not ours to change.
  if (typeof raw !== "string") return asObject(typeof raw === "object" && !Array.isArray(raw) ? { ...raw } : raw, false);
  const text = raw.trim();
  if (text === "") return { ok: true, args: {}, repaired: false };
  try {
    return asObject(JSON.parse(text), false);
  } catch (err) {
    return repair(text, (err as Error).message);
  }
}

function repair(text: string, parseError: string): ParsedArguments {
  if (looksTruncated(text)) {
    return {
      ok: false,
      errorType: "truncated_arguments",
      message: `The arguments JSON looks cut off (${parseError}). Send the complete arguments as one valid JSON object.`,
    };
  }
  try {
    return asObject(JSON.parse(jsonrepair(text)), true);
  } catch {
    return {
      ok: false,
      errorType: "invalid_json",
      message: `The arguments are not valid JSON (${parseError}). Send them as one valid JSON object, e.g. {"path": "README.md"}.`,
    };
  }
}

function asObject(value: unknown, repaired: boolean): ParsedArguments {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return { ok: true, args: value as Record<string, unknown>, repaired };
  }
  const kind = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
  return { ok: false, errorType: "invalid_arguments", message: `The arguments must be a JSON object with named parameters, got ${kind}.` };
}

/** An object that never closes, or an open string at the end, means the model was cut off. */
function looksTruncated(text: string): boolean {
  if (!text.startsWith("{")) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return inString || depth > 0;
}

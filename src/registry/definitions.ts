/**
 * The pieces of listing definitions that need no registry state: a definition built from an
 * entry (frozen and kept, or rebuilt with its dynamic overrides), the availability checks of a
 * listing run once each, and the merge walk that finds entries for names already in order.
 */
import { checkAvailable } from "./availability.js";
import { describeError } from "./describe-error.js";
import { createLogger } from "./logger.js";
import type { CheckFn, ToolDefinition, ToolEntry, ToolSchema } from "./types.js";

const log = createLogger("registry");

// Frozen because the same object is handed to every caller.
export function staticDefinition(entry: ToolEntry): ToolDefinition {
  return Object.freeze({ type: "function", function: Object.freeze({ ...entry.schema, name: entry.name }) });
}

export function dynamicDefinition(entry: ToolEntry, overrides: () => Partial<ToolSchema>): ToolDefinition {
  let extra: Partial<ToolSchema> = {};
  try {
    extra = overrides();
  } catch (err) {
    log.warn(`dynamic schema overrides of "${entry.name}" threw; using the static schema: ${describeError(err)}`);
  }
  return { type: "function", function: { ...entry.schema, ...extra, name: entry.name } };
}

/** Runs each distinct check once; the map holds every verdict. */
export async function runChecks(entries: readonly ToolEntry[]): Promise<Map<CheckFn, boolean>> {
  const verdicts = new Map<CheckFn, boolean>();
  let pending: Array<Promise<void>> | undefined;
  for (const { checkFn } of entries) {
    if (checkFn === undefined || verdicts.has(checkFn)) continue;
    const verdict = checkAvailable(checkFn);
    if (typeof verdict === "boolean") {
      verdicts.set(checkFn, verdict);
      continue;
    }
    verdicts.set(checkFn, false);
    (pending ??= []).push(verdict.then((ok) => void verdicts.set(checkFn, ok)));
  }
  if (pending !== undefined) await Promise.all(pending);
  return verdicts;
}

/**
 * Names already in order (a listing handed back, the usual case) need no Set: one merge walk
 * beside the sorted names, or none when they are the listing itself. Undefined when `names`
 * is not strictly ascending; the caller then sorts and de-duplicates.
 */
export function entriesOfAscending(names: readonly string[], sorted: readonly string[], entries: readonly ToolEntry[]): readonly ToolEntry[] | undefined {
  if (names.length === sorted.length && names.every((name, i) => name === sorted[i])) return entries;
  const out: ToolEntry[] = [];
  let j = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (i > 0 && !((names[i - 1] as string) < name)) return undefined;
    while (j < sorted.length && (sorted[j] as string) < name) j++;
    if (sorted[j] === name) out.push(entries[j] as ToolEntry);
  }
  return out;
}

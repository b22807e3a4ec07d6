/**
 * Token counts of tool definitions, with the o200k_base encoding (gpt-4o, gpt-4.1, gpt-5, o-series).
 * Other providers tokenize differently, but within a few percent for JSON schemas, which is enough
 * to compare definitions with a context window. The tokenizer (gpt-tokenizer, ~250 ms to load; js-tiktoken
 * took ~1.2 s) is imported on first use only, so commands that never count start fast, and counts of
 * definitions are memoised on disk (token-count-cache.ts), so a warm `quiver tools list` never loads it.
 */
import type { ToolDefinition } from "../registry/index.js";
import { defaultTokenCacheFile, TokenCountCache } from "./token-count-cache.js";

const ENCODING = "o200k_base";

type Counter = (text: string) => number;

let counter: Promise<Counter> | undefined;
// Definitions are memoised upstream (one object per tool and generation), so counting each once is enough.
const counted = new WeakMap<ToolDefinition, number>();

function loadCounter(): Promise<Counter> {
  return (counter ??= import("gpt-tokenizer/encoding/o200k_base").then((m) => (text: string) => m.countTokens(text)));
}

/** Tokens of `text` in o200k_base. */
export async function countTokens(text: string): Promise<number> {
  return (await loadCounter())(text);
}

/** Tokens of each definition as sent in a request's `tools` array (its JSON), in order. */
export async function definitionTokens(definitions: readonly ToolDefinition[]): Promise<number[]> {
  const uncounted = definitions.filter((d) => !counted.has(d));
  if (uncounted.length > 0) await countDefinitions(uncounted);
  return definitions.map((d) => counted.get(d)!);
}

let disk: { file: string; cache: TokenCountCache } | undefined;

/** The on-disk counts, read once per process (again if $QUIVER_HOME changed, as tests do). */
function diskCache(): { file: string; cache: TokenCountCache } {
  const file = defaultTokenCacheFile();
  if (disk?.file !== file) disk = { file, cache: TokenCountCache.read(file) };
  return disk;
}

/** Fills `counted` from the disk cache, loading the tokenizer only for definitions it lacks. */
async function countDefinitions(definitions: readonly ToolDefinition[]): Promise<void> {
  const { file, cache } = diskCache();
  const missing: { definition: ToolDefinition; text: string; key: string }[] = [];
  for (const definition of definitions) {
    const text = JSON.stringify(definition);
    const key = TokenCountCache.key(ENCODING, text);
    const known = cache.get(key);
    if (known === undefined) missing.push({ definition, text, key });
    else counted.set(definition, known);
  }
  if (missing.length === 0) return;
  const count = await loadCounter();
  for (const { definition, text, key } of missing) {
    const n = count(text);
    cache.set(key, n);
    counted.set(definition, n);
  }
  cache.flush(file);
}

/** Tokens of a whole `tools` array: the sum of its definitions. */
export async function toolsTokens(definitions: readonly ToolDefinition[]): Promise<number> {
  return (await definitionTokens(definitions)).reduce((a, b) => a + b, 0);
}

/**
 * True when the definitions take more than `limit` tokens. A token is at least one character,
 * so definitions whose JSON is at most `limit` characters are under it without loading the tokenizer.
 */
export async function definitionsExceed(definitions: readonly ToolDefinition[], limit: number): Promise<boolean> {
  const chars = definitions.reduce((n, d) => n + jsonLength(d), 0);
  if (chars <= limit) return false;
  return (await toolsTokens(definitions)) > limit;
}

// The registry hands out the same definition object until the tool changes: each is measured once.
const jsonLengths = new WeakMap<ToolDefinition, number>();

function jsonLength(definition: ToolDefinition): number {
  let length = jsonLengths.get(definition);
  if (length === undefined) jsonLengths.set(definition, (length = JSON.stringify(definition).length));
  return length;
}

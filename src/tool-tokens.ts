/**
 * Token counts of tool definitions, with the o200k_base encoding (gpt-4o, gpt-4.1, gpt-5, o-series).
 * Other providers tokenize differently, but within a few percent for JSON schemas, which is enough
 * to compare definitions with a context window. The tokenizer (gpt-tokenizer, ~250 ms to load; js-tiktoken
 * took ~1.2 s) is imported on first use only, so commands that never count start fast.
 */
import type { ToolDefinition } from "./registry/index.js";

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
  if (definitions.every((d) => counted.has(d))) return definitions.map((d) => counted.get(d)!);
  const count = await loadCounter();
  return definitions.map((d) => {
    let n = counted.get(d);
    if (n === undefined) counted.set(d, (n = count(JSON.stringify(d))));
    return n;
  });
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
  const chars = definitions.reduce((n, d) => n + JSON.stringify(d).length, 0);
  if (chars <= limit) return false;
  return (await toolsTokens(definitions)) > limit;
}

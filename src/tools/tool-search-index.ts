/**
 * The lexical index behind `tool_search`: BM25 (minisearch) over a tool's name split into words,
 * its description, and its parameters' names and descriptions. minisearch was picked over
 * @orama/orama: it loads in ~5 ms instead of ~45 ms and supports in-place add/discard, so a
 * registry change re-indexes only the tools that changed (bench/tool-search.bench.mjs measures both).
 */
import MiniSearch from "minisearch";
import type { JsonSchema, ToolDefinition } from "../registry/index.js";
import { analyze, splitIdentifier } from "./tool-search-text.js";

interface IndexedTool {
  id: string;
  name: string;
  description: string;
  params: string;
}

/**
 * Field weights: a word of the name says most about what a tool does, a parameter name a lot
 * (`city`, `ticker`), parameter descriptions least (they repeat generic words).
 */
const BOOST = { name: 3, description: 1.5, params: 1 };
/**
 * Plain BM25 (d = 0). minisearch's default is BM25+ (d = 0.5): every matching term adds a floor
 * score whatever the field's length, which lets long descriptions that match many generic words of
 * a long query outrank a short one that matches the distinctive word.
 */
const BM25 = { k: 1.2, b: 0.7, d: 0 };
// Past this share of changed tools one fresh build is cheaper than discarding one by one.
const REBUILD_SHARE = 0.5;

export class ToolSearchIndex {
  #index = newIndex();
  #tools = new Map<string, { definition: ToolDefinition; text: string }>();
  #last: readonly ToolDefinition[] | undefined;

  get size(): number {
    return this.#tools.size;
  }

  /** Makes the index hold exactly `definitions`: adds new tools, re-indexes changed ones, drops the rest. */
  sync(definitions: readonly ToolDefinition[]): void {
    if (definitions === this.#last) return;
    this.#last = definitions;
    const next = new Map(definitions.map((d) => [d.function.name, d]));
    const removed = [...this.#tools.keys()].filter((name) => !next.has(name));
    const changed: ToolDefinition[] = [];
    for (const [name, definition] of next) {
      const known = this.#tools.get(name);
      if (known === undefined || (known.definition !== definition && known.text !== JSON.stringify(definition.function))) changed.push(definition);
      else if (known.definition !== definition) known.definition = definition;
    }
    if (removed.length + changed.length > REBUILD_SHARE * Math.max(1, this.#tools.size)) return this.#rebuild(definitions);
    for (const name of removed) this.#drop(name);
    for (const definition of changed) {
      if (this.#tools.has(definition.function.name)) this.#drop(definition.function.name);
      this.#add(definition);
    }
  }

  /** Names of the best `limit` tools for `query`, best first; `accept` filters names. */
  search(query: string, limit: number, accept: (name: string) => boolean = () => true): string[] {
    const hits = this.#index.search(query, { filter: (hit) => accept(hit.id as string) });
    return hits
      .map((hit) => ({ name: hit.id as string, score: softCoordination(hit.score, hit.queryTerms.length) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((hit) => hit.name);
  }

  #rebuild(definitions: readonly ToolDefinition[]): void {
    this.#index = newIndex();
    this.#tools.clear();
    for (const definition of definitions) this.#add(definition);
  }

  #add(definition: ToolDefinition): void {
    const fn = definition.function;
    this.#tools.set(fn.name, { definition, text: JSON.stringify(fn) });
    this.#index.add({ id: fn.name, name: splitIdentifier(fn.name).join(" "), description: fn.description ?? "", params: parameterText(fn.parameters) });
  }

  #drop(name: string): void {
    this.#index.discard(name);
    this.#tools.delete(name);
  }
}

function newIndex(): MiniSearch<IndexedTool> {
  return new MiniSearch<IndexedTool>({
    fields: ["name", "description", "params"],
    tokenize: analyze,
    // Terms are analysed by `tokenize` already; this keeps them as they are.
    processTerm: (term) => term,
    searchOptions: {
      boost: BOOST,
      bm25: BM25,
      // Prefixes catch inflections the stemmer leaves ("authentic" → "authentication").
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      combineWith: "OR",
    },
  });
}

/**
 * minisearch multiplies a hit's score by how many query terms it matched. For a sentence-long query
 * ("I need a transcript of the meeting we had on Zoom") that rewards tools matching many common
 * words over the one matching the rare word; the square root keeps the reward but halves it (in logs).
 */
function softCoordination(score: number, matchedTerms: number): number {
  return score / Math.sqrt(Math.max(1, matchedTerms));
}

/** Parameter names (split into words) and descriptions, nested objects and arrays included. */
export function parameterText(schema: JsonSchema | undefined, depth = 0): string {
  if (schema === undefined || depth > 4) return "";
  const parts: string[] = [];
  const properties = schema.properties;
  if (isRecord(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      parts.push(splitIdentifier(name).join(" "));
      if (isRecord(value)) {
        if (typeof value.description === "string") parts.push(value.description);
        if (Array.isArray(value.enum)) parts.push(value.enum.filter((v) => typeof v === "string").join(" "));
        parts.push(parameterText(value, depth + 1));
      }
    }
  }
  if (isRecord(schema.items)) parts.push(parameterText(schema.items, depth + 1));
  return parts.filter((p) => p !== "").join(" ");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

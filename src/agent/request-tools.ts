/**
 * The `tools` array of one session's requests. It only ever grows at the end: a tool that
 * appears mid-session (an MCP server connecting late, a tool found by `tool_search`) is appended,
 * and one that disappears is dropped without reordering the rest, so the provider's prompt cache
 * keeps matching the prefix it has seen.
 *
 * With tool search on (`tools.search`, config.yaml), a request carries only the core tools
 * (`alwaysLoad`), `tool_search` and the tools this session has found or called; every enabled,
 * available tool stays callable by name. `auto` switches it on once the definitions would take
 * more than 10% of the context window (5,000 tokens when the window is unknown), and it stays on
 * for the rest of the session: switching back would reorder what was sent.
 */
import { toolTokenBudget } from "../tokens/context-window.js";
import { snapshotFor, type ToolSelection, type ToolSnapshot } from "../calls/model-tools.js";
import { registry, type ToolCatalog, type ToolDefinition } from "../registry/index.js";
import type { ChatMessage, ToolMessage } from "../llm/index.js";
import { definitionsExceed } from "../tokens/tool-tokens.js";

export type ToolSearchMode = "off" | "auto" | "on";

export const TOOL_SEARCH_TOOL = "tool_search";
export const DEFAULT_ALWAYS_LOAD: readonly string[] = ["terminal", "read_file", "write_file", "patch", "search_files", TOOL_SEARCH_TOOL];

export interface ToolSearchOptions {
  /** Default "auto". */
  mode?: ToolSearchMode;
  /** Tools every request carries while searching (default DEFAULT_ALWAYS_LOAD). */
  alwaysLoad?: readonly string[];
  /** The model's context window in tokens, when known; sets the `auto` threshold. */
  contextWindow?: number;
}

/** What one model request offers, and what the model may call. */
export interface RequestTools {
  /** The request's `tools`, in session order. */
  definitions: readonly ToolDefinition[];
  /** Names of `definitions`. */
  names: ReadonlySet<string>;
  /** Every tool the model may call by name: enabled for the session and available, loaded or not. */
  callable: ReadonlySet<string>;
  /** True when tools are deferred to `tool_search`. */
  searching: boolean;
  /** Toolsets of the callable tools, with how many tools each has (for the system prompt). */
  toolsets: ReadonlyArray<{ name: string; tools: number }>;
}

export const NO_REQUEST_TOOLS: RequestTools = { definitions: [], names: new Set(), callable: new Set(), searching: false, toolsets: [] };

/** What a request too large for the model's context drops, in order. */
export const FIT_STEPS = ["tool search", "tool search alone", "no tools"] as const;
export type FitStep = (typeof FIT_STEPS)[number];

/**
 * A new conversation's first request depends only on the snapshot, whether tools are searched and
 * which always load: chat after chat (`/new`, a subagent per call) reuses it. Never changed in place.
 */
const firstRequests = new WeakMap<ToolSnapshot, Map<string, { request: RequestTools; order: string[] }>>();

export class SessionTools {
  readonly #selection: ToolSelection;
  readonly #mode: ToolSearchMode;
  readonly #alwaysLoad: ReadonlySet<string>;
  readonly #alwaysLoadKey: string;
  readonly #budget: number;
  #order: string[] = [];
  #loaded = new Set<string>();
  #searching: boolean;
  /** How many FIT_STEPS shrink() has taken (a small context). */
  #fit = 0;
  #pool: ToolSnapshot | undefined;
  #checkedDefinitions: readonly ToolDefinition[] | undefined;
  #version = 0;
  #current: { pool: ToolSnapshot; version: number; request: RequestTools } | undefined;
  /** Hands `tool_search` this session's tools and lets what it finds join the next requests. */
  readonly catalog: ToolCatalog;

  /** Only these tools, whatever the toolsets say (a subagent's `tools`). */
  readonly #only: ReadonlySet<string> | undefined;
  #restricted: { from: readonly ToolDefinition[]; to: ToolSnapshot } | undefined;

  constructor(selection: ToolSelection, options: ToolSearchOptions = {}, only?: Iterable<string>) {
    this.#only = only === undefined ? undefined : new Set(only);
    this.#mode = options.mode ?? "auto";
    this.#alwaysLoad = new Set([...(options.alwaysLoad ?? DEFAULT_ALWAYS_LOAD), TOOL_SEARCH_TOOL]);
    this.#alwaysLoadKey = [...this.#alwaysLoad].join(",");
    this.#budget = toolTokenBudget(options.contextWindow);
    this.#searching = this.#mode === "on";
    // tool_search is a helper of the session, offered whatever toolsets are enabled (unless disabled).
    const { enabledToolsets, disabledToolsets } = selection;
    this.#selection = { enabledToolsets: enabledToolsets && [...enabledToolsets, TOOL_SEARCH_TOOL], disabledToolsets };
    this.catalog = {
      searchable: async () => (await this.#readPool()).definitions,
      load: (names) => this.load(names),
    };
  }

  /**
   * Marks tools as loaded (found by a search, or called by name); names the registry does not
   * offer are ignored. Before the first request (a resumed session) every name is kept: the
   * request only ever carries tools that exist.
   */
  load(names: Iterable<string>): void {
    for (const name of names) {
      if (this.#loaded.has(name) || (this.#pool !== undefined && !this.#pool.names.has(name))) continue;
      this.#loaded.add(name);
      // A tool the last request already carried stays in it: that request still stands.
      if (this.#current?.request.names.has(name) !== true) this.#version++;
    }
  }

  /**
   * After a request that did not fit the model's context: the next smaller set of tools that is
   * smaller at all — tool search with the core tools, tool_search alone, then none for the rest
   * of the session. Found tools are dropped too. Undefined: nothing is left to drop.
   */
  async shrink(): Promise<{ step: FitStep; tools: RequestTools } | undefined> {
    const before = (await this.next()).definitions.length;
    const canSearch = (await this.#readPool()).names.has(TOOL_SEARCH_TOOL);
    while (this.#fit < FIT_STEPS.length) {
      const step = FIT_STEPS[this.#fit++]!;
      if (step !== "no tools" && !canSearch) continue;
      this.#searching = true;
      this.#loaded.clear();
      this.#version++;
      const tools = await this.next(true);
      if (tools.definitions.length < before) return { step, tools };
    }
    return undefined;
  }

  /** The tools for the next request; `refresh` re-reads the registry even when nothing changed. */
  async next(refresh = false): Promise<RequestTools> {
    if (this.#fitStep() === "no tools") return NO_REQUEST_TOOLS;
    const current = this.#current;
    if (!refresh && current !== undefined && current.pool.generation === registry.generation && current.version === this.#version) {
      return current.request;
    }
    const pool = await this.#readPool();
    // Re-read, yet the same snapshot: the request built from it stands.
    if (current !== undefined && current.pool === pool && current.version === this.#version) return current.request;
    if (!this.#searching && this.#mode === "auto" && this.#checkedDefinitions !== pool.definitions) {
      this.#checkedDefinitions = pool.definitions;
      if (await definitionsExceed(withoutSearch(pool.definitions), this.#budget)) this.#startSearching();
    }
    const request = this.#request(pool);
    this.#current = { pool, version: this.#version, request };
    return request;
  }

  #fitStep(): FitStep | undefined {
    return this.#fit === 0 ? undefined : FIT_STEPS[this.#fit - 1];
  }

  async #readPool(): Promise<ToolSnapshot> {
    const read = snapshotFor(this.#selection);
    const pool = read instanceof Promise ? await read : read;
    return (this.#pool = this.#only === undefined ? pool : this.#restrict(pool, this.#only));
  }

  /** The pool cut to `only`, built once per registry snapshot (callers compare definitions by identity). */
  #restrict(pool: ToolSnapshot, only: ReadonlySet<string>): ToolSnapshot {
    if (this.#restricted?.from === pool.definitions) return this.#restricted.to;
    const definitions = Object.freeze(pool.definitions.filter((d) => only.has(d.function.name)));
    const to: ToolSnapshot = { generation: pool.generation, definitions, names: new Set(definitions.map((d) => d.function.name)) };
    this.#restricted = { from: pool.definitions, to };
    return to;
  }

  #startSearching(): void {
    this.#searching = true;
    // What was sent stays sent, in its order; only tools not yet sent are deferred.
    for (const name of this.#order) this.#loaded.add(name);
  }

  #request(pool: ToolSnapshot): RequestTools {
    if (this.#order.length > 0 || this.#loaded.size > 0 || this.#fit > 0) return this.#build(pool);
    const key = `${this.#searching}|${this.#alwaysLoadKey}`;
    let known = firstRequests.get(pool);
    if (known === undefined) firstRequests.set(pool, (known = new Map()));
    const first = known.get(key);
    if (first !== undefined) {
      this.#order = first.order;
      return first.request;
    }
    const request = this.#build(pool);
    known.set(key, { request, order: this.#order });
    return request;
  }

  #build(pool: ToolSnapshot): RequestTools {
    const byName = new Map(pool.definitions.map((d) => [d.function.name, d]));
    // Without tool_search (its toolset disabled, or unavailable) nothing could be found: send everything.
    const searching = this.#searching && byName.has(TOOL_SEARCH_TOOL);
    const core = this.#fitStep() === "tool search alone" ? new Set([TOOL_SEARCH_TOOL]) : this.#alwaysLoad;
    const offered = (name: string): boolean => (searching ? core.has(name) || this.#loaded.has(name) : name !== TOOL_SEARCH_TOOL);
    const visible = [...byName.keys()].filter(offered);
    const kept = this.#order.filter((name) => byName.has(name) && offered(name));
    const known = new Set(kept);
    this.#order = [...kept, ...visible.filter((name) => !known.has(name)).sort()];
    const callable = new Set([...byName.keys()].filter((name) => searching || name !== TOOL_SEARCH_TOOL));
    return {
      definitions: this.#order.map((name) => byName.get(name)!),
      names: new Set(this.#order),
      callable,
      searching,
      toolsets: toolsetCounts(callable),
    };
  }
}

/** The tools a conversation called, or found with `tool_search`, in order: what a resumed session loads again. */
export function toolsUsedIn(history: readonly ChatMessage[]): string[] {
  const used = new Set<string>();
  const searches = new Set<string>();
  for (const message of history) {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) {
        if (call.function.name === TOOL_SEARCH_TOOL) searches.add(call.id);
        else used.add(call.function.name);
      }
    } else if (message.role === "tool" && searches.has(message.tool_call_id)) {
      for (const name of foundNames(message.content)) used.add(name);
    }
  }
  return [...used];
}

/** The tool names in a `tool_search` result (`{"tools": [{"name": ...}, ...]}`); none for anything else. */
function foundNames(content: ToolMessage["content"]): string[] {
  if (typeof content !== "string") return [];
  try {
    const tools = (JSON.parse(content) as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) return [];
    return tools.flatMap((tool: unknown) => (typeof (tool as { name?: unknown })?.name === "string" ? [(tool as { name: string }).name] : []));
  } catch {
    return [];
  }
}

function withoutSearch(definitions: readonly ToolDefinition[]): ToolDefinition[] {
  return definitions.filter((d) => d.function.name !== TOOL_SEARCH_TOOL);
}

function toolsetCounts(names: Iterable<string>): Array<{ name: string; tools: number }> {
  const counts = new Map<string, number>();
  for (const name of names) {
    if (name === TOOL_SEARCH_TOOL) continue;
    const toolset = registry.getToolsetForTool(name) ?? "other";
    counts.set(toolset, (counts.get(toolset) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, tools]) => ({ name, tools }));
}

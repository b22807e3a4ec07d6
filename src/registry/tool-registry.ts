/**
 * The tool registry: tools register themselves at import time, the agent asks for their
 * definitions and dispatches calls by name. Dispatch never throws into the agent loop: every
 * failure comes back as an `{"error": ...}` JSON string the model can read.
 */
import { withCaller } from "./caller.js";
import { createLogger } from "./logger.js";
import { describeError } from "./describe-error.js";
import { checkAvailable } from "./availability.js";
import { makeEntry, requireName } from "./tool-entry.js";
import { dynamicDefinition, entriesOfAscending, runChecks, staticDefinition } from "./definitions.js";
import { toolError } from "./results.js";
import { ResourceCatalog } from "./resource-catalog.js";
import { PromptCatalog } from "./prompt-catalog.js";
import { executionFailed, isThenable, settleOutput, toToolOutput } from "./tool-output.js";
import type { CheckFn, JsonSchema, RegisterOptions, ToolAvailabilityReport, ToolContext, ToolDefinition } from "./types.js";
import type { PromptHandle, RegisterPromptOptions, RegisterResourceOptions, ResourceHandle, ToolEntry, ToolOutput, ToolParameters, ToolSchema, ToolsetAvailability } from "./types.js";
import type { OpenBatch, RegistryBatch, Removable } from "./registry-batch.js";

const log = createLogger("registry");

/** Results longer than this are spilled by the model-facing layer unless a tool says otherwise. */
export const DEFAULT_MAX_RESULT_CHARS = 100_000;
export const DEFAULT_EMOJI = "⚡";

const EMPTY_CONTEXT: ToolContext = Object.freeze(withCaller({}));

export type RegistryListener = (generation: number) => void;

export class ToolRegistry {
  readonly #tools = new Map<string, ToolEntry>();
  readonly #toolsets = new Map<string, Set<string>>();
  readonly #aliases = new Map<string, string>();
  readonly #toolsetDescriptions = new Map<string, string>();
  // Keyed by entry, so a snapshot taken before an await still finds its definitions.
  readonly #definitions = new WeakMap<ToolEntry, ToolDefinition>();
  readonly #listeners = new Set<RegistryListener>();
  // Sorted on first read after a change (inserting in order would make bulk registration O(n²)).
  #sorted: string[] | undefined = [];
  /** The entries in name order; reset whenever an entry is added, replaced or removed. */
  #sortedEntries: ToolEntry[] | undefined = [];
  #generation = 0;
  #batch: OpenBatch | undefined;
  #batchTail: Promise<unknown> = Promise.resolve();
  #applying = false;
  /** Resources and prompts, registered like tools (each catalog announces its own changes). */
  readonly resources = new ResourceCatalog();
  readonly prompts = new PromptCatalog();

  /** Change counter: bumped by every registration, removal and alias change. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Adds a tool. `schema.parameters` may be a zod 4 object schema or JSON Schema; the handler's
   * args are typed from it. Throws a TypeError naming the tool and field on an authoring mistake.
   */
  register<P extends ToolParameters = JsonSchema>(opts: RegisterOptions<P>): ToolEntry | undefined {
    const entry = makeEntry(opts as unknown as RegisterOptions<ToolParameters>);
    const batch = this.#batch;
    if (batch === undefined) return this.#add(entry, opts.override === true) ? entry : undefined;
    batch.registered.push(entry.name);
    batch.ops.push(() => this.#add(entry, opts.override === true));
    return entry;
  }

  registerResource = (opts: RegisterResourceOptions): ResourceHandle => this.#catalogued(this.resources.register(opts));
  registerPrompt = (opts: RegisterPromptOptions): PromptHandle => this.#catalogued(this.prompts.register(opts));

  #catalogued<H extends Removable>(handle: H): H {
    this.#batch?.catalogued.push(handle);
    return handle;
  }

  deregister(name: string): boolean {
    const batch = this.#batch;
    if (batch === undefined) return this.#remove(name);
    batch.ops.push(() => this.#remove(name));
    return this.#tools.has(name);
  }

  /**
   * Runs `fn` with registrations and removals staged, then applies them all at once with one
   * generation bump, so a reader never sees half of them (a tool file reloading: old tools out,
   * new ones in). Batches run one after another; a batch whose `fn` throws applies nothing.
   */
  batch<T>(fn: (batch: RegistryBatch) => T | Promise<T>): Promise<T> {
    const run = this.#batchTail.then(() => this.#runBatch(fn));
    this.#batchTail = run.catch(() => undefined);
    return run;
  }

  async #runBatch<T>(fn: (batch: RegistryBatch) => T | Promise<T>): Promise<T> {
    const batch: OpenBatch = { registered: [], catalogued: [], ops: [] };
    this.#batch = batch;
    let result: T;
    try {
      result = await fn(batch);
    } finally {
      this.#batch = undefined;
    }
    let changed = false;
    this.#applying = true;
    try {
      for (const op of batch.ops) changed = op() || changed;
    } finally {
      this.#applying = false;
    }
    if (changed) this.#notify();
    return result;
  }

  /** Applies a registration; false when refused. Announces it unless a batch is applying. */
  #add(entry: ToolEntry, override: boolean): boolean {
    const existing = this.#tools.get(entry.name);
    if (existing !== undefined && existing.toolset !== entry.toolset) {
      if (!override) {
        log.error(
          `Tool registration REJECTED: "${entry.name}" from toolset "${entry.toolset}" would shadow the tool of ` +
            `toolset "${existing.toolset}". Rename it, or pass override: true to replace it on purpose.`,
          { tool: entry.name, toolset: entry.toolset, existingToolset: existing.toolset },
        );
        return false;
      }
      log.info(`Tool "${entry.name}" of toolset "${existing.toolset}" overridden by toolset "${entry.toolset}"`);
      this.#removeFromToolset(existing);
    }
    this.#tools.set(entry.name, entry);
    this.#membersOf(entry.toolset).add(entry.name);
    if (existing === undefined) this.#sorted = undefined;
    this.#sortedEntries = undefined;
    this.#changed();
    return true;
  }

  #remove(name: string): boolean {
    const entry = this.#tools.get(name);
    if (entry === undefined) return false;
    this.#tools.delete(name);
    this.#removeFromToolset(entry);
    this.#sorted = undefined;
    this.#sortedEntries = undefined;
    this.#changed();
    return true;
  }

  registerToolsetAlias(alias: string, toolset: string): void {
    requireName("alias", alias);
    requireName("toolset", toolset);
    this.#aliases.set(alias, toolset);
    this.#changed();
  }

  getToolsetAliasTarget(alias: string): string | undefined {
    return this.#aliases.get(alias);
  }

  /** `{ alias: toolset }` for every alias. */
  getToolsetAliases(): Record<string, string> {
    return Object.fromEntries(this.#aliases);
  }

  /** A human description shown by `getAvailableToolsets` (e.g. "MCP server github"). */
  setToolsetDescription(toolset: string, description: string): void {
    this.#toolsetDescriptions.set(toolset, description);
  }

  /** Calls `listener(generation)` after every change; returns the unsubscribe function. */
  onChange(listener: RegistryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  getEntry(name: string): ToolEntry | undefined {
    return this.#tools.get(name);
  }

  getAllToolNames(): string[] {
    return [...this.#sortedNames()];
  }

  getRegisteredToolsetNames(): string[] {
    return [...this.#toolsets.keys()].sort();
  }

  getToolNamesForToolset(toolset: string): string[] {
    return [...(this.#toolsets.get(toolset) ?? [])].sort();
  }

  getToolToToolsetMap(): Record<string, string> {
    const map: Record<string, string> = {};
    for (const name of this.#sortedNames()) map[name] = (this.#tools.get(name) as ToolEntry).toolset;
    return map;
  }

  getSchema(name: string): ToolSchema | undefined {
    return this.#tools.get(name)?.schema;
  }

  getToolsetForTool(name: string): string | undefined {
    return this.#tools.get(name)?.toolset;
  }

  getEmoji(name: string, fallback = DEFAULT_EMOJI): string {
    const emoji = this.#tools.get(name)?.emoji;
    return emoji !== undefined && emoji !== "" ? emoji : fallback;
  }

  getMaxResultSize(name: string, fallback?: number): number {
    return this.#tools.get(name)?.maxResultSizeChars ?? fallback ?? DEFAULT_MAX_RESULT_CHARS;
  }

  /**
   * OpenAI-format definitions of the named tools that are available, sorted by name. The
   * entries are read synchronously first, so a registry change during an async check cannot
   * mix two states in one answer.
   */
  async getDefinitions(names: Iterable<string>): Promise<ToolDefinition[]> {
    const entries = this.#entriesSorted(names);
    const answered = this.#definitionsIfSync(entries);
    if (answered !== undefined) return answered;
    const verdicts = await runChecks(entries);
    const out: ToolDefinition[] = [];
    for (const entry of entries) {
      if (entry.checkFn !== undefined && verdicts.get(entry.checkFn) !== true) continue;
      out.push(this.#definitionOf(entry));
    }
    return out;
  }

  /** Runs a tool by name. Never rejects: failures come back as `{"error": ...}` JSON. */
  dispatch(name: string, args: Record<string, unknown>, ctx: ToolContext = EMPTY_CONTEXT): Promise<ToolOutput> {
    // Not `async`: returning dispatchEager's own promise saves the extra ticks of adopting it.
    const output = this.dispatchEager(name, args, ctx);
    return output instanceof Promise ? output : Promise.resolve(output);
  }

  /**
   * `dispatch`, but a handler that answers synchronously is answered synchronously, so the call
   * pipeline skips timer and abort bookkeeping that cost more than a small tool. Never rejects.
   */
  dispatchEager(name: string, args: Record<string, unknown>, ctx: ToolContext = EMPTY_CONTEXT): ToolOutput | Promise<ToolOutput> {
    const entry = this.#tools.get(name);
    // String(): a template literal throws on a Symbol, and dispatch must not.
    if (entry === undefined) return toolError(`Unknown tool: ${String(name)}`);
    let result: unknown;
    try {
      result = entry.handler(args, withCaller(ctx));
    } catch (err) {
      return executionFailed(err);
    }
    if (!isThenable(result)) return toToolOutput(name, result);
    return settleOutput(name, result);
  }

  async isToolsetAvailable(toolset: string): Promise<boolean> {
    const entries = this.#entriesSorted(this.#toolsets.get(toolset) ?? []);
    const verdicts = await runChecks(entries);
    return entries.some((e) => e.checkFn === undefined || verdicts.get(e.checkFn) === true);
  }

  async checkToolsetRequirements(): Promise<Record<string, boolean>> {
    const report = await this.getAvailableToolsets();
    return Object.fromEntries(Object.entries(report).map(([ts, info]) => [ts, info.available]));
  }

  async checkToolAvailability(): Promise<ToolAvailabilityReport> {
    const report = await this.getAvailableToolsets();
    const available: string[] = [];
    const unavailable: ToolAvailabilityReport["unavailable"] = [];
    for (const [name, info] of Object.entries(report)) {
      if (info.available) available.push(name);
      else unavailable.push({ name, envVars: info.requirements, tools: info.tools });
    }
    return { available, unavailable };
  }

  async getAvailableToolsets(): Promise<Record<string, ToolsetAvailability>> {
    const toolsets = this.getRegisteredToolsetNames();
    const entries = this.#entriesSorted(this.#tools.keys());
    const verdicts = await runChecks(entries);
    const report: Record<string, ToolsetAvailability> = {};
    for (const toolset of toolsets) {
      const members = entries.filter((e) => e.toolset === toolset);
      const requirements = [...new Set(members.flatMap((e) => e.requiresEnv))].sort();
      report[toolset] = {
        available: members.some((e) => e.checkFn === undefined || verdicts.get(e.checkFn) === true),
        tools: members.map((e) => e.name),
        description: this.#toolsetDescriptions.get(toolset) ?? "",
        requirements,
      };
    }
    return report;
  }

  // Inside a batch being applied, the one announcement comes at its end.
  #changed(): void {
    if (this.#applying) return;
    this.#notify();
  }

  #notify(): void {
    this.#generation++;
    if (this.#listeners.size === 0) return;
    for (const listener of this.#listeners) {
      try {
        listener(this.#generation);
      } catch (err) {
        log.error(`registry change listener threw: ${describeError(err)}`);
      }
    }
  }

  #membersOf(toolset: string): Set<string> {
    let members = this.#toolsets.get(toolset);
    if (members === undefined) this.#toolsets.set(toolset, (members = new Set()));
    return members;
  }

  // A toolset that lost its last tool disappears together with its aliases.
  #removeFromToolset(entry: ToolEntry): void {
    const members = this.#toolsets.get(entry.toolset);
    members?.delete(entry.name);
    if (members === undefined || members.size > 0) return;
    this.#toolsets.delete(entry.toolset);
    for (const [alias, target] of this.#aliases) if (target === entry.toolset) this.#aliases.delete(alias);
  }

  /**
   * The definitions in one pass when every check answers synchronously (cached, or a sync
   * function): the usual case, and the one a fresh session's first listing pays unoptimised.
   * Undefined as soon as one check is async; runChecks then finds it in flight, not run twice.
   */
  #definitionsIfSync(entries: readonly ToolEntry[]): ToolDefinition[] | undefined {
    const verdicts = new Map<CheckFn, boolean>();
    const out: ToolDefinition[] = [];
    for (const entry of entries) {
      const checkFn = entry.checkFn;
      if (checkFn !== undefined) {
        let ok = verdicts.get(checkFn);
        if (ok === undefined) {
          const verdict = checkAvailable(checkFn);
          if (typeof verdict !== "boolean") return undefined;
          verdicts.set(checkFn, (ok = verdict));
        }
        if (!ok) continue;
      }
      out.push(this.#definitionOf(entry));
    }
    return out;
  }

  #entriesSorted(names: Iterable<string>): readonly ToolEntry[] {
    if (Array.isArray(names)) {
      // Names handed back in order (the usual case) need no Set: one merge walk (definitions.ts).
      const merged = entriesOfAscending(names as readonly string[], this.#sortedNames(), this.#entriesInNameOrder());
      if (merged !== undefined) return merged;
    }
    const wanted = names instanceof Set ? (names as Set<string>) : new Set(names);
    const out: ToolEntry[] = [];
    // Walking the cached sorted list avoids sorting per call when most tools are requested.
    if (wanted.size * 4 >= this.#tools.size) {
      for (const entry of this.#entriesInNameOrder()) if (wanted.has(entry.name)) out.push(entry);
      return out;
    }
    for (const name of [...wanted].sort()) {
      const entry = this.#tools.get(name);
      if (entry !== undefined) out.push(entry);
    }
    return out;
  }

  #sortedNames(): readonly string[] {
    return (this.#sorted ??= [...this.#tools.keys()].sort());
  }

  #entriesInNameOrder(): readonly ToolEntry[] {
    return (this.#sortedEntries ??= this.#sortedNames().map((name) => this.#tools.get(name) as ToolEntry));
  }

  #definitionOf(entry: ToolEntry): ToolDefinition {
    if (entry.dynamicSchemaOverrides !== undefined) return dynamicDefinition(entry, entry.dynamicSchemaOverrides);
    // Built on first listing, then kept: listing is hot, and bulk registration must stay cheap.
    let definition = this.#definitions.get(entry);
    if (definition === undefined) this.#definitions.set(entry, (definition = staticDefinition(entry)));
    return definition;
  }
}

// One registry per process, even if two copies of this package are loaded.
const REGISTRY_KEY = Symbol.for("quiver.registry");
const holder = globalThis as { [REGISTRY_KEY]?: ToolRegistry };
export const registry: ToolRegistry = (holder[REGISTRY_KEY] ??= new ToolRegistry());


/**
 * The model-facing layer: which tool definitions the model sees, and the one entry point the
 * agent (and the CLI, and the MCP server) uses to run a call the model made.
 */
import { fileURLToPath } from "node:url";
import { parseArguments } from "./arguments.js";
import { runWithDeadline } from "./run-with-deadline.js";
import { spill } from "./spillover.js";
import { validateArguments } from "./validation.js";
import { describeError, registry, toolError, type ToolContext, type ToolDefinition, type ToolOutput } from "../registry/index.js";
import { closestNames } from "../registry/suggest.js";
import { describeBuiltinToolsets, resolveToolSelection } from "./toolsets.js";
import { permissionGate } from "./permissions.js";
import { hasHooks } from "../hooks/hooks.js";
import { hookStopped, postToolUse, preToolUse, withNote, type PreToolVerdict } from "./tool-hooks.js";

export const DEFAULT_TOOL_TIMEOUT_MS = 300_000;

export interface ToolSelection {
  enabledToolsets?: readonly string[];
  disabledToolsets?: readonly string[];
}

/** The definitions for one selection at one registry generation, built once and shared. */
export interface ToolSnapshot {
  /** `registry.generation` when the definitions were read. */
  readonly generation: number;
  /** The shared, frozen list (sorted by name): the same array until the registry changes, so callers may key caches on it. */
  readonly definitions: readonly ToolDefinition[];
  /** Names of `definitions`. */
  readonly names: ReadonlySet<string>;
}

/** What `getToolDefinitions` returns: a fresh array the caller owns, carrying the snapshot it was copied from. */
export type ToolDefinitionList = ToolDefinition[] & ToolSnapshot;

interface Memo {
  at: number;
  snapshot: ToolSnapshot;
}

const MEMO_LIMIT = 16;
// Availability verdicts live 30 s, so a memo older than that may hide a tool that came back.
const MEMO_TTL_MS = 30_000;
const memo = new Map<string, Memo>();

/**
 * The selected toolsets' available tools (all toolsets by default; disabled ones subtracted
 * last), sorted by name. Memoised on (selection, `registry.generation`), bounded LRU: the one
 * cache of what the model sees. The array is fresh on every call (the caller may change it);
 * its `generation`, `definitions` and `names` are the shared snapshot.
 */
export async function getToolDefinitions(selection: ToolSelection = {}): Promise<ToolDefinitionList> {
  const read = snapshotFor(selection);
  const snapshot = read instanceof Promise ? await read : read;
  return Object.defineProperties([...snapshot.definitions], {
    generation: { value: snapshot.generation },
    definitions: { value: snapshot.definitions },
    names: { value: snapshot.names },
  }) as ToolDefinitionList;
}

/**
 * The names `getToolDefinitions(selection)` offers, read from the same memo without a copy, and
 * synchronously once memoised: `quiver serve` checks every call against it.
 */
export function offeredNames(selection: ToolSelection = {}): ReadonlySet<string> | Promise<ReadonlySet<string>> {
  const read = snapshotFor(selection);
  return read instanceof Promise ? read.then((snapshot) => snapshot.names) : read.names;
}

/**
 * The shared snapshot `getToolDefinitions(selection)` copies from, synchronously once memoised:
 * an agent reads it before every run, and the same snapshot tells it nothing changed.
 */
export function snapshotFor(selection: ToolSelection): ToolSnapshot | Promise<ToolSnapshot> {
  const key = selectionKey(selection);
  const generation = registry.generation;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit !== undefined && hit.snapshot.generation === generation && now - hit.at < MEMO_TTL_MS) {
    memo.delete(key);
    memo.set(key, hit);
    return hit.snapshot;
  }
  return buildSnapshot(key, selection, generation, now);
}

async function buildSnapshot(key: string, selection: ToolSelection, generation: number, now: number): Promise<ToolSnapshot> {
  const enabled = selection.enabledToolsets ?? ["all"];
  const disabled = selection.disabledToolsets ?? [];
  const definitions = Object.freeze(await registry.getDefinitions(resolveToolSelection(enabled, disabled)));
  const snapshot: ToolSnapshot = { generation, definitions, names: new Set(definitions.map((d) => d.function.name)) };
  memo.delete(key);
  memo.set(key, { at: now, snapshot });
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  return snapshot;
}

/** The memo key: the toolsets in any order; the default selection (everything) costs no sorting. */
function selectionKey(selection: ToolSelection): string {
  const enabled = selection.enabledToolsets;
  const disabled = selection.disabledToolsets;
  if (enabled === undefined && (disabled === undefined || disabled.length === 0)) return "all|";
  return `${[...(enabled ?? ["all"])].sort().join(",")}|${[...(disabled ?? [])].sort().join(",")}`;
}

/** What one call came to, for callers that need more than the output string. */
export interface FunctionCallResult {
  output: ToolOutput;
  /** The arguments as parsed (and validated, when they were valid); undefined when they did not parse. */
  args: Record<string, unknown> | undefined;
  /** Why the pipeline refused or failed the call ("unknown_tool", "invalid_arguments", ...); undefined when the tool ran. */
  errorType: string | undefined;
}

export interface FunctionCallOptions {
  /** The names the caller offered; another name is answered "Unknown tool" (or "not enabled") without running. */
  offered?: ReadonlySet<string>;
  /**
   * The names the caller offers now. Asked when the call names a tool missing from `offered`
   * because it was withdrawn while its source is briefly away (an MCP server reconnecting):
   * the call then waits for it, and runs if it came back and is offered again.
   */
  reoffer?: (() => Promise<ReadonlySet<string>>) | undefined;
  /** Called once the arguments are parsed, before the tool runs (the agent's tool_start event). */
  onArguments?: (args: Record<string, unknown> | string) => void;
}

/**
 * Runs one tool call as the model sent it: parses and repairs the arguments, validates them,
 * applies the tool's timeout and the caller's signal, and caps the result. Never rejects.
 */
export function handleFunctionCall(name: string, rawArguments: unknown, ctx: ToolContext = {}): Promise<ToolOutput> {
  return runFunctionCall(name, rawArguments, ctx).then((result) => result.output);
}

/** `handleFunctionCall` with the parsed arguments and the error type alongside the output. */
export function runFunctionCall(name: string, rawArguments: unknown, ctx: ToolContext = {}, opts: FunctionCallOptions = {}): Promise<FunctionCallResult> {
  // Reached only by hostile input (e.g. raw arguments that are a Proxy whose traps throw): the
  // promise is that every call is answered, so this answers too. `.catch` rather than an async
  // wrapper with try/await: it is on every call, and costs half as much.
  return callTool(name, rawArguments, ctx, opts).catch((err: unknown) =>
    refused(toolError(`Tool ${String(name)}: the call could not be run: ${describeError(err)}`, { error_type: "internal_error" }), "internal_error"),
  );
}

function refused(output: string, errorType: string, args?: Record<string, unknown>): FunctionCallResult {
  return { output, args, errorType };
}

async function callTool(name: string, rawArguments: unknown, ctx: ToolContext, opts: FunctionCallOptions): Promise<FunctionCallResult> {
  const parsed = parseArguments(rawArguments);
  opts.onArguments?.(parsed.ok ? parsed.args : typeof rawArguments === "string" ? rawArguments : String(rawArguments));
  if (opts.offered !== undefined && !opts.offered.has(name)) {
    const refusal = await notOffered(name, ctx.signal, opts.offered, opts.reoffer);
    if (refusal !== undefined) return refusal;
  }
  let entry = registry.getEntry(name);
  if (entry === undefined && awaySources.size > 0) {
    const away = await toolAway(name, ctx.signal);
    if (away !== undefined) return { output: away, args: undefined, errorType: "unknown_tool" };
    entry = registry.getEntry(name);
  }
  if (entry === undefined) return refused(unknownToolError(name), "unknown_tool");
  if (!parsed.ok) return refused(toolError(`Tool ${name}: ${parsed.message}`, { error_type: parsed.errorType }), parsed.errorType);

  const validation = validateArguments(entry, parsed.args);
  const checked = validation instanceof Promise ? await validation : validation;
  if (!checked.ok) {
    const summary = checked.details.map((d) => `${d.path} ${d.message}`).join("; ");
    const output = toolError(`Invalid arguments for tool ${name}: ${summary}. Fix them to match the tool's parameters and call it again.`, {
      error_type: "invalid_arguments",
      details: checked.details,
    });
    return refused(output, "invalid_arguments", parsed.args);
  }

  // The one per-call decision point: PreToolUse hooks first (they may change the arguments), then
  // the permission rules on the arguments that will run, with the hooks' decision among them.
  let args = checked.args;
  let hook: PreToolVerdict | undefined;
  if (hasHooks("PreToolUse", name)) {
    hook = await preToolUse(name, args, ctx);
    if (hook?.stop !== undefined) return refused(hookStopped(name, hook.stop), "hook_stopped", args);
    if (hook?.updatedInput !== undefined) {
      const again = await validateArguments(entry, hook.updatedInput);
      if (!again.ok) return refused(badUpdate(name, again.details), "invalid_arguments", args);
      args = again.args;
    }
  }
  const gate = await permissionGate(name, args, ctx, hook?.decision);
  if ("refusal" in gate) return refused(gate.refusal, errorTypeOf(gate.refusal), args);
  const ran = runWithDeadline(name, args, gate.ctx, entry.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
  let output = ran instanceof Promise ? await ran : ran;
  if (hook?.context !== undefined) output = withNote(output, `PreToolUse hook: ${hook.context}`);
  if (hasHooks("PostToolUse", name)) output = await postToolUse(name, args, output, ctx);
  if (typeof output !== "string") return { output, args, errorType: undefined };
  const limit = registry.getMaxResultSize(name);
  return { output: output.length > limit ? await spill(name, output, limit) : output, args, errorType: undefined };
}

function badUpdate(name: string, details: ReadonlyArray<{ path: string; message: string }>): string {
  const summary = details.map((d) => `${d.path} ${d.message}`).join("; ");
  return toolError(`A PreToolUse hook changed the arguments of ${name} to ones the tool does not accept (${summary}); the call was not run.`, { error_type: "invalid_arguments", details });
}

function errorTypeOf(output: string): string {
  try {
    const type = (JSON.parse(output) as { error_type?: unknown }).error_type;
    return typeof type === "string" ? type : "permission_denied";
  } catch {
    return "permission_denied";
  }
}

/** The answer to a call of a tool the caller did not offer, or undefined when it is back and offered now. */
async function notOffered(
  name: string,
  signal: AbortSignal | undefined,
  offered: ReadonlySet<string>,
  reoffer: FunctionCallOptions["reoffer"],
): Promise<FunctionCallResult | undefined> {
  if (reoffer === undefined || awaySources.size === 0 || registry.getEntry(name) !== undefined) return refused(unknownToolError(name, offered), "unknown_tool");
  const away = await toolAway(name, signal);
  if (away !== undefined) return { output: away, args: undefined, errorType: "unknown_tool" };
  const now = await reoffer();
  return now.has(name) ? undefined : refused(unknownToolError(name, now), "unknown_tool");
}

/**
 * Asked before a call is answered "Unknown tool": a source that knows the tool is briefly
 * away (an MCP server reconnecting) waits for it and resolves undefined when it is back, or
 * resolves the error to return; undefined as well when the name is not its business.
 */
export type AwayToolSource = (name: string, signal: AbortSignal | undefined) => Promise<ToolOutput | undefined>;
const awaySources = new Set<AwayToolSource>();

/** Adds a source of briefly-away tools; returns its remover. */
export function addAwayToolSource(source: AwayToolSource): () => void {
  awaySources.add(source);
  return () => awaySources.delete(source);
}

/** The error for a tool that is away and did not come back in time, else undefined. */
export async function toolAway(name: string, signal?: AbortSignal): Promise<ToolOutput | undefined> {
  for (const source of awaySources) {
    const answer = await source(name, signal);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/**
 * The one "Unknown tool" answer: the closest names and the list the caller could have used
 * (`available`, default every registered tool). A registered tool outside `available` is "not
 * enabled" rather than unknown.
 */
export function unknownToolError(name: string, available: Iterable<string> = registry.getAllToolNames()): string {
  const all = [...available].sort();
  const near = closestNames(name, all);
  const hint = near.length > 0 ? ` Did you mean ${near.map((n) => `"${n}"`).join(" or ")}?` : "";
  const what = registry.getEntry(name) === undefined ? `Unknown tool: ${name === "" ? "(empty name)" : name}.` : `Tool ${name} is not enabled in this session.`;
  return toolError(`${what}${hint} Available tools: ${all.length > 0 ? all.join(", ") : "none"}`, { error_type: "unknown_tool", suggestions: near });
}

let builtins: Promise<string[]> | undefined;

/** Discovers and imports the built-in tools (dist/tools next to this module) once per process. */
export function loadBuiltinTools(): Promise<string[]> {
  return (builtins ??= import("../registry/discovery/discovery.js").then(({ discoverTools }) => {
    describeBuiltinToolsets();
    return discoverTools(fileURLToPath(new URL("../tools/", import.meta.url)));
  }));
}

/** `quiver tools list | show | call`: the registry from the shell. */
import { text } from "node:stream/consumers";
import { handleFunctionCall } from "../calls/model-tools.js";
import { warmUpTool } from "../calls/warm-up.js";
import { createLogger, registry, type ToolDefinition, type ToolOutput } from "../registry/index.js";
import { definitionTokens } from "../tokens/tool-tokens.js";
import { closestNames } from "../registry/suggest.js";
import { listToolsetNames, resolveToolSelection, validateToolset } from "../calls/toolsets.js";
import { loadConfig } from "../config/config.js";
import { toolsCallHow } from "./approval-how.js";
import { createApprover } from "./approval-prompt.js";
import { checkpointHook } from "./checkpoint-hook.js";
import { ruleScopes } from "./permission-config.js";
import { CliError, EXIT } from "./exit-codes.js";
import { startRuntime, type Runtime } from "./runtime.js";
import { firstSentence } from "./style.js";
import { catalogSummary, renderCatalog } from "./catalog-listing.js";
import type { ToolsCommonOptions } from "./options.js";

const log = createLogger("tools");

interface ToolRow {
  name: string;
  emoji: string;
  description: string;
  requiresEnv: string[];
  missingEnv: string[];
  /** Tokens of its definition (o200k_base); null when unavailable (the model is not sent it). */
  tokens: number | null;
}

interface ToolsetRow {
  name: string;
  available: boolean;
  description: string;
  tools: ToolRow[];
  /** Tokens of its available tools' definitions. */
  tokens: number;
}

async function withRuntime<T>(opts: ToolsCommonOptions & { sandbox?: string }, body: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await startRuntime({ mcp: opts.mcp, projectTools: opts.projectTools === true, ...(opts.sandbox !== undefined && { sandbox: opts.sandbox }) });
  try {
    return await body(runtime);
  } finally {
    await runtime.close();
  }
}

export function listTools(opts: ToolsCommonOptions & { json?: boolean; toolsets?: string }): Promise<number> {
  return withRuntime(opts, async (runtime) => {
    const wanted = opts.toolsets === undefined ? undefined : parseToolsets(opts.toolsets);
    const rows = await toolsetRows(wanted);
    const tokens = rows.reduce((n, r) => n + r.tokens, 0);
    if (opts.json === true) {
      const summary = { toolsets: rows, tokens: { total: tokens, encoding: TOKEN_ENCODING }, mcp: runtime.mcp?.status() ?? [], ...catalogSummary() };
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return EXIT.ok;
    }
    process.stdout.write(renderTable(rows) + renderCatalog(catalogSummary()));
    return EXIT.ok;
  });
}

export function showTool(name: string, opts: ToolsCommonOptions): Promise<number> {
  return withRuntime(opts, async () => {
    requireTool(name);
    const [definition] = await registry.getDefinitions([name]);
    if (definition === undefined) {
      process.stderr.write(`quiver: ${name} is registered but unavailable now (its availability check fails); the model would not see it.\n`);
      process.stdout.write(`${JSON.stringify({ type: "function", function: { ...registry.getSchema(name), name } }, null, 2)}\n`);
      return EXIT.failure;
    }
    process.stdout.write(`${JSON.stringify(definition, null, 2)}\n`);
    return EXIT.ok;
  });
}

export function callTool(name: string, rawArgs: string, opts: ToolsCommonOptions & { yes?: boolean; sandbox?: string }): Promise<number> {
  return withRuntime(opts, async () => {
    requireTool(name);
    const args = parseArgs(rawArgs === "-" ? await text(process.stdin) : rawArgs);
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once("SIGINT", onSigint);
    try {
      // Without --yes or a terminal nobody can answer, so the tool explains how to allow it instead.
      const canAsk = opts.yes === true || process.stdin.isTTY === true;
      const approve = canAsk ? createApprover({ yes: opts.yes === true, input: process.stdin, output: process.stderr, rules: ruleScopes(), signal: controller.signal }) : undefined;
      await Promise.all([checkpointBefore(name, args), warmUpTool(name, args)]);
      // The user has waited since the process started: budgets (search_files' regex) count from there.
      const ctx = { signal: controller.signal, startedAt: performance.timeOrigin, approvalUnavailable: toolsCallHow(name) };
      const output = await handleFunctionCall(name, args, approve !== undefined ? { ...ctx, approve } : ctx);
      process.stdout.write(`${render(output)}\n`);
      if (controller.signal.aborted) return EXIT.interrupted;
      return isErrorOutput(output) ? EXIT.failure : EXIT.ok;
    } finally {
      process.removeListener("SIGINT", onSigint);
    }
  });
}

/** A call that may write is checkpointed first (`quiver undo` reverts it); a failure only warns. */
async function checkpointBefore(name: string, args: Record<string, unknown>): Promise<void> {
  if (registry.getEntry(name)?.readOnly === true) return;
  const hook = checkpointHook(await loadConfig());
  const taken = await hook?.take({ tool: name, args });
  // Only with -v: scripts read stderr, and an empty one means all went well.
  if (taken !== undefined && !taken.reused) log.debug(`checkpoint ${taken.record.id} (${taken.record.files} files); quiver undo reverts this call`);
}

function requireTool(name: string): void {
  if (registry.getEntry(name) !== undefined) return;
  const near = closestNames(name, registry.getAllToolNames());
  const hint = near.length > 0 ? ` Did you mean ${near.join(", ")}?` : "";
  throw new CliError(`unknown tool "${name}".${hint} Run "quiver tools list" to see every tool.`);
}

function parseToolsets(list: string): string[] {
  const names = list.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const unknown = names.filter((n) => !validateToolset(n));
  if (unknown.length > 0) throw new CliError(`unknown toolset ${unknown.map((u) => `"${u}"`).join(", ")}. Known: ${listToolsetNames().join(", ")}`);
  return names;
}

function parseArgs(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.trim() === "" ? "{}" : raw);
  } catch (err) {
    throw new CliError(`the arguments are not valid JSON (${(err as Error).message}). Quote them for the shell, e.g. '{"path":"README.md"}'.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError(`the arguments must be a JSON object such as '{"path":"README.md"}', got ${JSON.stringify(value)}.`);
  }
  return value as Record<string, unknown>;
}

const TOKEN_ENCODING = "o200k_base";

async function toolsetRows(wanted: string[] | undefined): Promise<ToolsetRow[]> {
  const report = await registry.getAvailableToolsets();
  const keep = wanted === undefined ? undefined : resolveToolSelection(wanted);
  const tokens = await tokensByTool(Object.values(report).flatMap((info) => info.tools.filter((t) => keep === undefined || keep.has(t))));
  const rows: ToolsetRow[] = [];
  for (const [name, info] of Object.entries(report)) {
    const tools = info.tools.filter((t) => keep === undefined || keep.has(t)).map((t) => toolRow(t, tokens.get(t) ?? null));
    const total = tools.reduce((n, t) => n + (t.tokens ?? 0), 0);
    if (tools.length > 0) rows.push({ name, available: info.available, description: info.description, tools, tokens: total });
  }
  return rows;
}

/** Tokens of each available tool's definition, as a request would carry it. */
async function tokensByTool(names: string[]): Promise<Map<string, number>> {
  const definitions: ToolDefinition[] = await registry.getDefinitions(names);
  const counts = await definitionTokens(definitions);
  return new Map(definitions.map((d, i) => [d.function.name, counts[i]!]));
}

function toolRow(name: string, tokens: number | null): ToolRow {
  const entry = registry.getEntry(name);
  const requiresEnv = [...(entry?.requiresEnv ?? [])];
  return {
    name,
    emoji: registry.getEmoji(name),
    description: firstSentence(entry?.description ?? ""),
    requiresEnv,
    missingEnv: requiresEnv.filter((v) => (process.env[v] ?? "") === ""),
    tokens,
  };
}

function renderTable(rows: ToolsetRow[]): string {
  if (rows.length === 0) return "No tools registered.\n";
  const width = Math.max(...rows.flatMap((r) => r.tools.map((t) => t.name.length)));
  const lines: string[] = [];
  for (const row of rows) {
    const state = row.available ? "available" : "unavailable";
    lines.push(`${row.name} (${state}) ${tokenText(row.tokens)}${row.description !== "" ? ` — ${row.description}` : ""}`);
    for (const tool of row.tools) {
      const missing = tool.missingEnv.length > 0 ? `  [missing env: ${tool.missingEnv.join(", ")}]` : "";
      const cost = tool.tokens === null ? "—" : String(tool.tokens);
      lines.push(`  ${tool.emoji}  ${tool.name.padEnd(width)}  ${cost.padStart(6)}  ${tool.description}${missing}`);
    }
    lines.push("");
  }
  const total = rows.reduce((n, r) => n + r.tools.length, 0);
  const tokens = rows.reduce((n, r) => n + r.tokens, 0);
  lines.push(`${total} tools in ${rows.length} toolsets; a request carrying all of them sends ${tokenText(tokens)} of definitions (${TOKEN_ENCODING}).`);
  lines.push('"quiver tools show NAME" prints a definition; tools.search in config.yaml defers tools to tool_search.');
  return `${lines.join("\n")}\n`;
}


function tokenText(tokens: number): string {
  return `${tokens.toLocaleString("en-US")} tokens`;
}

function render(output: ToolOutput): string {
  if (typeof output !== "string") return JSON.stringify(output, null, 2);
  try {
    return JSON.stringify(JSON.parse(output), null, 2);
  } catch {
    return output;
  }
}

function isErrorOutput(output: ToolOutput): boolean {
  if (typeof output !== "string") return false;
  try {
    const value = JSON.parse(output) as unknown;
    return typeof value === "object" && value !== null && "error" in value;
  } catch {
    return false;
  }
}

/**
 * `tool_search`: finds tools by what they do, for sessions whose tools are too many to send on
 * every request. The tools it returns join the session's next requests (through the session's
 * `ToolCatalog`) and are then called by name like any other, with full validation.
 */
import { registry, toolError, toolResult, type ToolCatalog, type ToolContext, type ToolDefinition } from "../registry/index.js";
import type { ToolSearchIndex } from "./tool-search-index.js";
import { ToolInputError, optionalNumberArg, reportingInputErrors, stringArg } from "./tool-input.js";

const TOOL_SEARCH = "tool_search";
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
const SELECT = "select:";

interface FoundTool {
  name: string;
  description: string;
  parameters: unknown;
}

// One index per catalog (per session), dropped with it; the CLI and MCP server share one.
const indexes = new WeakMap<ToolCatalog, ToolSearchIndex>();

/** Outside an agent every registered, available tool is searchable and nothing is loaded. */
const registryCatalog: ToolCatalog = {
  searchable: () => registry.getDefinitions(registry.getAllToolNames()),
  load: () => {},
};

async function indexFor(catalog: ToolCatalog, definitions: readonly ToolDefinition[]): Promise<ToolSearchIndex> {
  let index = indexes.get(catalog);
  if (index === undefined) {
    // Loaded on first search: sessions that never search never load minisearch.
    const { ToolSearchIndex } = await import("./tool-search-index.js");
    indexes.set(catalog, (index = new ToolSearchIndex()));
  }
  index.sync(definitions);
  return index;
}

const toolSearchHandler = reportingInputErrors(async (args: Record<string, unknown>, ctx: ToolContext): Promise<string> => {
  const query = stringArg(args, "query").trim();
  const limit = optionalNumberArg(args, "limit", { integer: true, min: 1 }) ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw new ToolInputError(`"limit" must be at most ${MAX_LIMIT}, got ${limit}`);
  const catalog = ctx.toolCatalog ?? registryCatalog;
  // The catalog's array itself is indexed: it is the same object until the session's tools change.
  const definitions = await catalog.searchable();
  const byName = new Map(definitions.filter((d) => d.function.name !== TOOL_SEARCH).map((d) => [d.function.name, d]));
  if (query.toLowerCase().startsWith(SELECT)) return select(query.slice(SELECT.length), byName, catalog);
  const index = await indexFor(catalog, definitions);
  const names = index.search(query, limit, (name) => byName.has(name));
  catalog.load(names);
  const found = names.map((name) => foundTool(byName.get(name)!));
  if (found.length > 0) return toolResult({ tools: found });
  return toolResult({ tools: [], hint: `No tool matches "${query}". Try other words for what the tool does, or fewer of them.` });
});

function select(list: string, byName: ReadonlyMap<string, ToolDefinition>, catalog: ToolCatalog): string {
  const wanted = [...new Set(list.split(",").map((n) => n.trim()).filter((n) => n !== ""))];
  if (wanted.length === 0) throw new ToolInputError('select: needs tool names, e.g. "select:read_file,terminal"');
  const found = wanted.filter((name) => byName.has(name));
  const missing = wanted.filter((name) => !byName.has(name));
  catalog.load(found);
  const result: Record<string, unknown> = { tools: found.map((name) => foundTool(byName.get(name)!)) };
  if (missing.length > 0) result.not_found = missing;
  if (found.length === 0) return toolError(`No tool named ${missing.join(", ")} is available in this session. Search by what the tool does instead.`, { tools: [], not_found: missing });
  return toolResult(result);
}

function foundTool(definition: ToolDefinition): FoundTool {
  const fn = definition.function;
  return { name: fn.name, description: fn.description ?? "", parameters: fn.parameters ?? { type: "object", properties: {} } };
}

registry.register({
  name: TOOL_SEARCH,
  toolset: TOOL_SEARCH,
  emoji: "🔎",
  readOnly: true,
  schema: {
    name: TOOL_SEARCH,
    description:
      "Find tools by what they do. Returns the best matching tools with their parameters, best first; " +
      "every tool returned can be called by name from then on. " +
      'Use query "select:name_a,name_b" to load tools whose exact names you know.',
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: 'Words for what the tool should do (e.g. "create calendar event"), or "select:name_a,name_b".' },
        limit: { type: "integer", minimum: 1, maximum: MAX_LIMIT, description: `How many tools to return (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT}).` },
      },
      required: ["query"],
      additionalProperties: false,
    },
  },
  handler: toolSearchHandler,
});

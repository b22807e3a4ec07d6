/** A server's tool list: fetching every page, filtering by config, and shaping it for the registry. */
import type { Client } from "@modelcontextprotocol/client";
import type { Tool } from "@modelcontextprotocol/client";
import type { ToolMeta } from "../registry/index.js";
import picomatch from "picomatch";
import type { McpServerConfig } from "./config.js";

/** A server that keeps returning cursors is broken; stop rather than loop forever. */
const MAX_PAGES = 1_000;

/** Every tool the server offers, following `nextCursor` to the last page. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor)) throw new Error(`the server repeated pagination cursor ${JSON.stringify(cursor)} in tools/list`);
    seen.add(cursor);
  }
  throw new Error(`tools/list did not finish within ${MAX_PAGES} pages`);
}

/** `include`/`exclude` globs over the server's own tool names. */
export function toolFilter(config: Pick<McpServerConfig, "include" | "exclude">): (tool: string) => boolean {
  const include = config.include !== undefined ? picomatch(config.include) : undefined;
  const exclude = config.exclude !== undefined ? picomatch(config.exclude) : undefined;
  return (tool) => (include === undefined || include(tool)) && (exclude === undefined || !exclude(tool));
}

export function describeTool(tool: Tool, server: string): string {
  const text = tool.description ?? tool.title ?? tool.annotations?.title;
  return text !== undefined && text.trim() !== "" ? text : `Tool "${tool.name}" of MCP server "${server}"`;
}

/**
 * The MCP input schema as OpenAI `parameters`: the server's JSON Schema intact (`$schema`, `$defs`,
 * `$anchor`, composition and conditionals; SEP-1613), made sure to be an object schema with
 * `properties`. Calls are validated in the dialect its `$schema` names (calls/schema-dialect.ts).
 */
export function toParameters(inputSchema: Tool["inputSchema"]): Record<string, unknown> {
  return { ...inputSchema, type: "object", properties: inputSchema.properties ?? {} };
}

/** Title, every annotation and the output schema, kept as the server sent them. */
export function toolMeta(tool: Tool): ToolMeta {
  const meta: ToolMeta = {};
  if (tool.title !== undefined) meta.title = tool.title;
  if (tool.annotations !== undefined) meta.annotations = { ...tool.annotations };
  if (tool.outputSchema !== undefined) meta.outputSchema = tool.outputSchema;
  return meta;
}

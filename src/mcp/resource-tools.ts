/**
 * Resources and prompts as tools for the model: per server, `list_resources`, `read_resource`
 * and `get_prompt`, offered only when the server advertises the capability. They are listed
 * next to the server's own tools (so include/exclude, collisions and withdrawal work the same)
 * and marked so a call goes to the matching MCP request instead of `tools/call`.
 */
import type { Client } from "@modelcontextprotocol/client";
import type { RequestOptions } from "@modelcontextprotocol/client";
import type { ContentBlock, Prompt, ReadResourceResult, ServerCapabilities, Tool } from "@modelcontextprotocol/client";
import { toolError, toolResult } from "../registry/index.js";
import type { ToolOutput } from "../registry/index.js";
import { fromMcpResult } from "./results.js";

const GENERIC = "quiver/generic";
/** A server that keeps returning cursors is broken; stop rather than loop forever. */
const MAX_PAGES = 100;
/** How many prompts the get_prompt description names. */
const PROMPTS_DESCRIBED = 30;

const readOnly = { readOnlyHint: true, openWorldHint: false };

/** The generic tools this server's capabilities call for; `prompts` names them in get_prompt's description. */
export function genericTools(server: string, capabilities: ServerCapabilities | undefined, prompts: readonly Prompt[]): Tool[] {
  const tools: Tool[] = [];
  const marked = { [GENERIC]: true };
  if (capabilities?.resources !== undefined) {
    tools.push({
      name: "list_resources",
      description: `List the resources (files, records, documents) MCP server "${server}" offers, with their URIs and resource templates.`,
      inputSchema: { type: "object", properties: {} },
      annotations: readOnly,
      _meta: marked,
    });
    tools.push({
      name: "read_resource",
      description: `Read one resource of MCP server "${server}" by its URI (from list_resources or a template).`,
      inputSchema: { type: "object", properties: { uri: { type: "string", description: "The resource URI" } }, required: ["uri"] },
      annotations: readOnly,
      _meta: marked,
    });
  }
  if (capabilities?.prompts !== undefined) {
    const named = prompts.slice(0, PROMPTS_DESCRIBED).map((p) => `${p.name}${p.arguments?.length ? `(${p.arguments.map((a) => a.name).join(", ")})` : ""}`);
    tools.push({
      name: "get_prompt",
      description: `Get a prompt template of MCP server "${server}", filled in with arguments.${named.length > 0 ? ` Prompts: ${named.join(", ")}.` : ""}`,
      inputSchema: {
        type: "object",
        properties: { name: { type: "string" }, arguments: { type: "object", additionalProperties: { type: "string" } } },
        required: ["name"],
      },
      annotations: readOnly,
      _meta: marked,
    });
  }
  return tools;
}

export function isGenericTool(tool: Tool | undefined): boolean {
  return tool?._meta?.[GENERIC] === true;
}

/** Every prompt the server lists (empty without the capability). */
export async function listAllPrompts(client: Client, options: RequestOptions): Promise<Prompt[]> {
  if (client.getServerCapabilities()?.prompts === undefined) return [];
  const prompts: Prompt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listPrompts(cursor === undefined ? undefined : { cursor }, options);
    prompts.push(...result.prompts);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return prompts;
}

/** Runs one generic tool; rejects on protocol errors like `callTool`. */
export async function callGenericTool(client: Client, tool: string, args: Record<string, unknown>, options: RequestOptions): Promise<ToolOutput> {
  switch (tool) {
    case "list_resources":
      return toolResult(await listResources(client, options));
    case "read_resource":
      return readResource(client, String(args.uri), options);
    case "get_prompt":
      return getPrompt(client, String(args.name), (args.arguments ?? {}) as Record<string, string>, options);
    default:
      return toolError(`Unknown generic MCP tool ${tool}`);
  }
}

async function listResources(client: Client, options: RequestOptions): Promise<Record<string, unknown>> {
  const resources: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listResources(cursor === undefined ? undefined : { cursor }, options);
    for (const r of result.resources) resources.push({ uri: r.uri, name: r.name, ...(r.mimeType && { mimeType: r.mimeType }), ...(r.description && { description: r.description }) });
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  const templates = await client.listResourceTemplates(undefined, options).then(
    (t) => t.resourceTemplates.map((r) => ({ uriTemplate: r.uriTemplate, name: r.name, ...(r.description && { description: r.description }) })),
    () => [],
  );
  return { resources, ...(templates.length > 0 && { templates }) };
}

/** A resource's contents through the same conversion as a tool result: text, images, binary notes. */
export async function readResource(client: Client, uri: string, options: RequestOptions): Promise<ToolOutput> {
  const result = await client.readResource({ uri }, options);
  return fromMcpResult({ content: resourceBlocks(result) });
}

/** Images become image parts, textual blobs are decoded, other blobs become a note in the text. */
function resourceBlocks(result: ReadResourceResult): ContentBlock[] {
  return result.contents.map((c): ContentBlock => {
    if (!("blob" in c) || typeof c.blob !== "string") return { type: "resource", resource: c };
    if (c.mimeType?.startsWith("image/") === true) return { type: "image", data: c.blob, mimeType: c.mimeType };
    if (c.mimeType !== undefined && TEXTUAL.test(c.mimeType)) {
      return { type: "resource", resource: { uri: c.uri, mimeType: c.mimeType, text: Buffer.from(c.blob, "base64").toString("utf8") } };
    }
    return { type: "resource", resource: c };
  });
}

const TEXTUAL = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript))/;

async function getPrompt(client: Client, name: string, args: Record<string, string>, options: RequestOptions): Promise<ToolOutput> {
  const result = await client.getPrompt({ name, arguments: args }, options);
  const blocks: ContentBlock[] = result.messages.map((m) => (m.content.type === "text" ? { ...m.content, text: `${m.role}: ${m.content.text}` } : m.content));
  return fromMcpResult({ content: blocks });
}

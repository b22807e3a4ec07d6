/**
 * The registry side of one MCP server's connection: its listed tools registered into its
 * toolset (only what changed, never shadowing another toolset's name), pinned tools withheld
 * when they changed, the toolset alias, and all of it withdrawn when the server goes away.
 */
import type { Tool } from "@modelcontextprotocol/client";
import { createLogger, toolError } from "../registry/index.js";
import type { RegisterOptions, ToolContext, ToolOutput, ToolRegistry } from "../registry/index.js";
import { mcpToolName } from "./names.js";
import { checkPins, withheldMessage } from "./pins.js";
import { describeTool, toolMeta, toParameters } from "./remote-tools.js";
import type { McpToolCollision } from "./status.js";
import { registerServerAlias } from "./toolset-alias.js";

const log = createLogger("mcp");

export interface ServerToolsOptions {
  server: string;
  toolset: string;
  registry: ToolRegistry;
  /** Within the server's include/exclude. */
  matches: (tool: string) => boolean;
  /** Runs one of the server's tools by its own name. */
  call: (tool: string, args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolOutput>;
}

export class ServerTools {
  /** quiver name → the server's own tool name, for the tools registered right now. */
  readonly registered = new Map<string, string>();
  /** The server's own tool name → its listing, for annotations at call time. */
  readonly listed = new Map<string, Tool>();
  /** quiver name → the listing it was registered from: an unchanged tool is not registered again. */
  readonly #signatures = new Map<string, string>();
  collisions: McpToolCollision[] = [];
  /** The server's own tools of the last listing (not the generic resource/prompt tools): what is pinned. */
  own = new Set<Tool>();
  /** Own tools whose description or schema changed since pinned (pins.ts): registered, but every call refused. */
  withheld: string[] = [];
  readonly #warnedWithheld = new Set<string>();
  #aliasWarned = false;
  readonly #server: string;
  readonly toolset: string;
  readonly #registry: ToolRegistry;
  readonly #matches: (tool: string) => boolean;
  readonly #call: ServerToolsOptions["call"];

  constructor(opts: ServerToolsOptions) {
    this.#server = opts.server;
    this.toolset = opts.toolset;
    this.#registry = opts.registry;
    this.#matches = opts.matches;
    this.#call = opts.call;
  }

  /** Registers the listed tools, deregistering only names that are no longer offered. */
  sync(tools: Tool[]): void {
    this.#checkPins(tools);
    const registry = this.#registry;
    const collisions: McpToolCollision[] = [];
    const wanted = new Map<string, Tool>();
    for (const tool of tools) {
      if (!this.#matches(tool.name)) continue;
      const name = mcpToolName(this.#server, tool.name);
      const twin = wanted.get(name);
      if (twin !== undefined) {
        collisions.push({ tool: tool.name, name, existingToolset: this.toolset, reason: `same sanitised name as the server's tool "${twin.name}"` });
        continue;
      }
      wanted.set(name, tool);
    }
    for (const name of [...this.registered.keys()]) {
      if (wanted.has(name)) continue;
      if (registry.getToolsetForTool(name) === this.toolset) registry.deregister(name);
      this.registered.delete(name);
    }
    const known = new Map(this.collisions.map((c) => [c.name, c.existingToolset]));
    for (const [name, tool] of wanted) {
      const holder = registry.getToolsetForTool(name);
      // Already refused (and logged by the registry) for the same holder: don't ask again on every refresh.
      const refusedBefore = holder !== undefined && holder !== this.toolset && known.get(name) === holder;
      // Re-listing the same tools changes nothing: the tool-search index and the request's tools stay put.
      const signature = JSON.stringify([tool, this.withheld.includes(tool.name)]);
      if (this.registered.has(name) && this.#signatures.get(name) === signature && registry.getToolsetForTool(name) === this.toolset) continue;
      this.#signatures.set(name, signature);
      if (!refusedBefore && this.#register(name, tool)) {
        this.registered.set(name, tool.name);
        continue;
      }
      this.registered.delete(name);
      const existingToolset = registry.getToolsetForTool(name);
      if (existingToolset === undefined) continue; // refused for its schema, already said
      collisions.push({ tool: tool.name, name, existingToolset, reason: `name already taken by toolset "${existingToolset}"` });
    }
    const fresh = collisions.filter((c) => known.get(c.name) !== c.existingToolset);
    if (fresh.length > 0) {
      const list = fresh.map((c) => `"${c.tool}" (${c.reason})`).join(", ");
      log.warn(`MCP server "${this.#server}": ${fresh.length} tool(s) not registered, never shadowed: ${list}`);
    }
    this.collisions = collisions;
    this.#registerAlias();
  }

  /** A server's schema the registry refuses (ajv could not compile it) costs that tool only. */
  #register(name: string, tool: Tool): boolean {
    try {
      return this.#registry.register(this.#registration(name, tool)) !== undefined;
    } catch (err) {
      log.warn(`MCP server "${this.#server}": tool "${tool.name}" not registered: ${(err as Error).message}`);
      return false;
    }
  }

  /** Pins new tools; a changed one is withheld and said once per process. */
  #checkPins(tools: readonly Tool[]): void {
    const own = tools.filter((t) => this.own.has(t) && this.#matches(t.name));
    const { changed } = checkPins(this.#server, own);
    this.withheld = changed.map((c) => c.tool.name).sort();
    for (const name of this.withheld) {
      if (this.#warnedWithheld.has(name)) continue;
      this.#warnedWithheld.add(name);
      log.warn(`MCP server "${this.#server}": ${withheldMessage(this.#server, name)}`);
    }
  }

  #registration(name: string, tool: Tool): RegisterOptions {
    const server = this.#server;
    this.listed.set(tool.name, tool);
    if (this.withheld.includes(tool.name)) {
      return {
        name,
        toolset: this.toolset,
        schema: { name, description: `Withheld: this MCP tool changed since the user first used it and awaits their review.`, parameters: { type: "object", properties: {} } },
        handler: () => toolError(`Not run: ${withheldMessage(server, tool.name)}. Ask the user to review the change.`, { error_type: "mcp_tool_changed" }),
        emoji: "🔌",
      };
    }
    return {
      name,
      toolset: this.toolset,
      schema: { name, description: describeTool(tool, server), parameters: toParameters(tool.inputSchema) },
      handler: (args: Record<string, unknown>, ctx: ToolContext) => this.#call(tool.name, args, ctx),
      readOnly: tool.annotations?.readOnlyHint === true,
      meta: toolMeta(tool),
      // The SDK times the call, restarting the clock on each progress notification.
      timeoutMs: Infinity,
      emoji: "🔌",
    };
  }

  #registerAlias(): void {
    if (registerServerAlias(this.#registry, this.#server, this.toolset, this.registered.size > 0) || this.#aliasWarned) return;
    log.warn(`MCP server "${this.#server}": no toolset alias "${this.#server}", that name is taken; select its tools as "${this.toolset}"`);
    this.#aliasWarned = true;
  }

  /** Deregisters every tool of this server. */
  withdraw(): void {
    const registry = this.#registry;
    for (const name of this.registered.keys()) {
      if (registry.getToolsetForTool(name) === this.toolset) registry.deregister(name);
    }
    this.registered.clear();
  }
}

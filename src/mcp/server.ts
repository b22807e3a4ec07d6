/**
 * quiver's registry as an MCP server. Tools are dynamic JSON Schemas, so this uses the SDK's
 * low-level `Server` with raw request handlers (`McpServer` wants zod schemas). Listing and
 * calling go through the model-facing layer, so validation, timeouts and result caps are the
 * same as in chat.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { getToolDefinitions, handleFunctionCall } from "../model-tools.js";
import { createLogger, registry, toolError } from "../registry/index.js";
import type { ApprovalDecision, ToolContext, ToolDefinition } from "../registry/index.js";
import { resolveToolSelection } from "../toolsets.js";
import { QUIVER_IMPLEMENTATION } from "./identity.js";
import { toMcpResult } from "./results.js";

const log = createLogger("mcp-serve");

export interface QuiverServerOptions {
  enabledToolsets?: readonly string[];
  disabledToolsets?: readonly string[];
  /** Dangerous commands and protected writes run without asking; without it they come back `approval_required` (no one can approve remotely). */
  allowDangerous?: boolean;
  /** Coalesces a burst of registry changes into one notification (default 50 ms). */
  listChangedDelayMs?: number;
}

const DEFAULT_LIST_CHANGED_DELAY_MS = 50;

/** A new MCP `Server` (one per client connection) serving the enabled toolsets. */
export function createQuiverMcpServer(opts: QuiverServerOptions = {}): Server {
  const server = new Server(QUIVER_IMPLEMENTATION, { capabilities: { tools: { listChanged: true } } });
  const selection = {
    ...(opts.enabledToolsets !== undefined && { enabledToolsets: opts.enabledToolsets }),
    ...(opts.disabledToolsets !== undefined && { disabledToolsets: opts.disabledToolsets }),
  };
  const policy = approvalPolicy(opts.allowDangerous === true);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await getToolDefinitions(selection)).map(toMcpTool) }));

  const selected = selectedNames(opts);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (!selected().has(name)) {
      const offered = (await getToolDefinitions(selection)).map((d) => d.function.name);
      return toMcpResult(toolError(`Unknown tool: ${name}. This server offers: ${offered.join(", ")}`));
    }
    return toMcpResult(await handleFunctionCall(name, args ?? {}, { signal: extra.signal, ...policy }));
  });

  watchGeneration(server, opts.listChangedDelayMs ?? DEFAULT_LIST_CHANGED_DELAY_MS);
  return server;
}

/** The names the toolset selection allows, recomputed only when the registry changes (calls stay O(1)). */
function selectedNames(opts: QuiverServerOptions): () => Set<string> {
  let generation = -1;
  let names = new Set<string>();
  return () => {
    if (registry.generation !== generation) {
      generation = registry.generation;
      names = resolveToolSelection(opts.enabledToolsets, opts.disabledToolsets);
    }
    return names;
  };
}

/** Sends `notifications/tools/list_changed` after the registry's generation moves, coalesced. */
function watchGeneration(server: Server, delayMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let sent = registry.generation;
  const unsubscribe = registry.onChange(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (registry.generation === sent || server.transport === undefined) return;
      sent = registry.generation;
      server.sendToolListChanged().catch((err: unknown) => log.debug(`list_changed not sent: ${String(err)}`));
    }, delayMs);
    timer.unref();
  });
  server.onclose = () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/**
 * No user sits behind an MCP client, so no one is asked: with --allow-dangerous everything
 * that would ask runs; without it the tool answers `approval_required`, naming the flag.
 * Catastrophic commands are refused by the tools either way.
 */
function approvalPolicy(allowDangerous: boolean): Pick<ToolContext, "approve" | "approvalUnavailable"> {
  if (allowDangerous) return { approve: async (): Promise<ApprovalDecision> => "once" };
  return {
    approvalUnavailable:
      "This quiver serve was started without --allow-dangerous, so no one can approve it here. " +
      "To allow such commands and writes, restart it as `quiver serve --allow-dangerous` (catastrophic commands stay refused).",
  };
}

function toMcpTool(def: ToolDefinition): Tool {
  const { name, description, parameters } = def.function;
  const schema = parameters ?? {};
  const tool: Tool = {
    name,
    inputSchema: { ...schema, type: "object" },
  };
  if (typeof description === "string") tool.description = description;
  if (registry.getEntry(name)?.readOnly === true) tool.annotations = { readOnlyHint: true };
  return tool;
}

/**
 * quiver's registry as an MCP server. Tools are dynamic JSON Schemas, so this uses the SDK's
 * low-level `Server` with raw request handlers (`McpServer` wants zod schemas). Listing and
 * calling go through the model-facing layer, so validation, timeouts and result caps are the
 * same as in chat.
 */
import { Server, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { CallToolRequest, CallToolResult, Tool } from "@modelcontextprotocol/server";
import { getToolDefinitions, offeredNames, runFunctionCall, type ToolSelection } from "../calls/model-tools.js";
import { createLogger, registry } from "../registry/index.js";
import type { ApprovalDecision, ToolCaller, ToolContext, ToolDefinition, ToolMeta } from "../registry/index.js";
import { answerAsking, refuseMissingCapability } from "./serve-caller.js";
import { QUIVER_IMPLEMENTATION } from "./identity.js";
import { RAW_RESULT_SINK, toMcpResult } from "./results.js";
import type { RawResultSink } from "./results.js";
import { SessionLog } from "./session-logs.js";
import { CATALOG_CAPABILITIES, serveCatalog } from "./serve-catalog.js";
import type { LogScope, RequestNotifier } from "./session-logs.js";

const log = createLogger("mcp-serve");

/** `enabledToolsets` / `disabledToolsets` choose what is served (default: every toolset). */
export interface QuiverServerOptions extends ToolSelection {
  /** Dangerous commands and protected writes run without asking; without it they come back `approval_required` (no one can approve remotely). */
  allowDangerous?: boolean;
  /** Awaited before each call of a tool that may write (not read-only): serve takes a checkpoint there. */
  beforeWrite?: (tool: string, args: unknown) => Promise<void>;
  /** Coalesces a burst of registry changes into one notification (default 50 ms). */
  listChangedDelayMs?: number;
  /**
   * Which of quiver's log records this server's client gets (default "session": only those its
   * own requests caused, so clients of one process never see each other's). "process" adds the
   * records no session caused; right for a server that is its process's only client (`serve --stdio`).
   */
  logs?: LogScope;
  /**
   * One server per request (2026-07-28 over HTTP): no registry watch of its own, since
   * list_changed reaches the client through its listen stream (http-modern.ts).
   */
  perRequest?: boolean;
}

const DEFAULT_LIST_CHANGED_DELAY_MS = 50;
/** The stateless MCP revision, served beside every 2025 one. */
export const MODERN_REVISION = "2026-07-28";

/** A new MCP `Server` (one per client connection) serving the enabled toolsets. */
export function createQuiverMcpServer(opts: QuiverServerOptions = {}): Server {
  const server = new Server(QUIVER_IMPLEMENTATION, {
    capabilities: { tools: { listChanged: true }, logging: {}, ...CATALOG_CAPABILITIES },
    // 2026-07-28 listed: the server answers server/discover, so new clients get the current revision; older ones `initialize`.
    supportedProtocolVersions: [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS],
  });
  const policy = approvalPolicy(opts.allowDangerous === true);
  const reoffer = async (): Promise<ReadonlySet<string>> => offeredNames(opts);
  const logs = new SessionLog(server, opts.logs ?? "session");

  server.setRequestHandler("tools/list", (_request, rctx) =>
    logs.within(rctx.mcpReq.notify, async () => ({ tools: (await getToolDefinitions(opts)).map(toMcpTool) })),
  );

  /** One call, with the channels of the request (2025) or of the flight (2026-07-28) that carries it. */
  const call = async (request: CallToolRequest, signal: AbortSignal, notify: RequestNotifier, caller: ToolCaller): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    // A name outside what tools/list offers is refused, unless it is a tool that is briefly away
    // (its MCP server reconnecting) and comes back in time: runFunctionCall then reads the names again.
    const names = offeredNames(opts);
    const offered = names instanceof Promise ? await names : names;
    let raw: CallToolResult | undefined;
    const ctx: ToolContext = { signal, ...policy, ...caller, [RAW_RESULT_SINK]: ((result) => (raw = result)) satisfies RawResultSink };
    const token = request.params._meta?.progressToken;
    if (token !== undefined) ctx.progress = (update) => void notify({ method: "notifications/progress", params: { progressToken: token, ...update } }).catch(ignore);
    if (opts.beforeWrite !== undefined && offered.has(name) && registry.getEntry(name)?.readOnly !== true) await opts.beforeWrite(name, args ?? {});
    // runFunctionCall rather than handleFunctionCall: one promise fewer on every call.
    const { output } = await runFunctionCall(name, args ?? {}, ctx, { offered, reoffer });
    // A proxied MCP tool's result goes back exactly as its server sent it (structuredContent included).
    return raw ?? withStructuredContent(toMcpResult(output), registry.getEntry(name)?.meta);
  };

  // 2026-07-28: a call that asks its caller something answers input_required and resumes on the retry.
  server.setRequestHandler("tools/call", (request, rctx) =>
    answerAsking<CallToolResult>(server, rctx, logs, async (signal, notify, caller, flight) => {
      const result = await call(request, signal, notify, caller);
      return flight === undefined ? result : refuseMissingCapability(flight, result);
    }),
  );

  const delayMs = opts.listChangedDelayMs ?? DEFAULT_LIST_CHANGED_DELAY_MS;
  // A per-request server announces nothing itself: changes reach the client through its listen stream.
  const endCatalog = serveCatalog(server, logs, opts.perRequest === true ? undefined : delayMs);
  if (opts.perRequest === true) server.onclose = () => (logs.close(), endCatalog());
  else watchGeneration(server, delayMs, () => (logs.close(), endCatalog()));
  return server;
}

/** Sends `notifications/tools/list_changed` after the registry's generation moves, coalesced. */
function watchGeneration(server: Server, delayMs: number, onClose: () => void): void {
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
    onClose();
  };
}

/**
 * No user sits behind an MCP client, so no one is asked: with --allow-dangerous everything
 * that would ask runs; without it the tool answers `approval_required`, naming the flag.
 * Catastrophic commands are refused by the tools either way.
 */
function approvalPolicy(allowDangerous: boolean): Pick<ToolContext, "approve" | "approvalUnavailable"> {
  // --allow-dangerous is a blanket approval: it never covers what only a person may approve.
  if (allowDangerous) return { approve: async (request): Promise<ApprovalDecision> => (request.explicit === true ? "unavailable" : "once") };
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
  const entry = registry.getEntry(name);
  const meta = entry?.meta;
  if (meta?.title !== undefined) tool.title = meta.title;
  if (meta?.outputSchema !== undefined) tool.outputSchema = meta.outputSchema as Tool["outputSchema"];
  const annotations = { ...meta?.annotations, ...(entry?.readOnly === true && { readOnlyHint: true }) };
  if (Object.keys(annotations).length > 0) tool.annotations = annotations;
  return tool;
}

/** A tool that declares an output schema answers with `structuredContent` too: its JSON object result. */
function withStructuredContent(result: CallToolResult, meta: ToolMeta | undefined): CallToolResult {
  if (meta?.outputSchema === undefined || result.isError === true) return result;
  const first = result.content[0];
  if (result.content.length !== 1 || first?.type !== "text") return result;
  try {
    const parsed = JSON.parse(first.text) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return { ...result, structuredContent: parsed as Record<string, unknown> };
  } catch {
    // Not JSON: the text alone is the result.
  }
  return result;
}

function ignore(): void {
  // The client went away; nothing to tell it.
}

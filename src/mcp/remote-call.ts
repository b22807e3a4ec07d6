/**
 * One `tools/call` to a server, as the SDK makes it: a progress token on every call (progress
 * goes to `ctx.progress` and restarts the idle timeout), the caller's abort signal, and the
 * server's untouched result handed to `quiver serve` when it asked for it.
 */
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { CallToolResult, Client, RequestOptions } from "@modelcontextprotocol/client";
import { toolError } from "../registry/index.js";
import type { ToolContext, ToolOutput } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";
import { fromMcpResult, RAW_RESULT_SINK } from "./results.js";
import type { RawResultSink } from "./results.js";

/** Calls `tool` on `client`; rejects on protocol and transport errors (see `callFailure`). */
export async function callRemoteTool(client: Client, config: McpServerConfig, tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const result = await client.callTool({ name: tool, arguments: args }, requestOptions(config, ctx));
  if (!Array.isArray(result.content)) return toolError(`MCP server "${config.name}" answered "${tool}" in an obsolete result format`);
  (ctx[RAW_RESULT_SINK] as RawResultSink | undefined)?.(result as CallToolResult);
  return fromMcpResult(result as CallToolResult);
}

export function requestOptions(config: McpServerConfig, ctx: ToolContext): RequestOptions {
  const report = ctx.progress;
  return {
    timeout: config.timeoutMs,
    resetTimeoutOnProgress: true,
    // Always set, so the SDK puts a progressToken on every request.
    onprogress: (p) => report?.({ progress: p.progress, ...(p.total !== undefined && { total: p.total }), ...(p.message !== undefined && { message: p.message }) }),
    ...(ctx.signal !== undefined && { signal: ctx.signal }),
  };
}

/** What to tell the model when a call failed: cancelled, timed out, disconnected, or the server's error. */
export function callFailure(config: McpServerConfig, tool: string, err: unknown, signal: AbortSignal | undefined): string {
  const where = `MCP tool "${tool}" on server "${config.name}"`;
  if (signal?.aborted === true) return `${where} was cancelled`;
  if (err instanceof SdkError) {
    if (err.code === SdkErrorCode.RequestTimeout) {
      return `${where} timed out after ${config.timeoutMs / 1000} s without progress (raise mcp.servers.${config.name}.timeout to allow longer)`;
    }
    if (err.code === SdkErrorCode.ConnectionClosed) return `${where} failed: the server disconnected during the call; it is reconnecting in the background`;
  }
  if (err instanceof SdkError || err instanceof ProtocolError) return `${where} failed: ${err.message}`;
  return `${where} failed: ${errorMessage(err)}`;
}

/** One line, always: a schema validation error's message is multi-line JSON. */
export function errorMessage(err: unknown): string {
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  const text = !(err instanceof Error) ? String(err) : cause instanceof Error && !err.message.includes(cause.message) ? `${err.message} (${cause.message})` : err.message;
  return text.replace(/\s+/g, " ").trim();
}

/** Why a call cannot go to `server` now, and when it will be tried again. */
export function notConnected(server: string, tool: string, error: string | undefined, retryAt: number | undefined): string {
  const why = error !== undefined ? ` (${error})` : "";
  const retry = retryAt !== undefined ? `; retrying in ${Math.ceil(Math.max(0, retryAt - Date.now()) / 1000)} s` : "";
  return `MCP server "${server}" is not connected${why}${retry}; its tool "${tool}" is unavailable until it reconnects`;
}

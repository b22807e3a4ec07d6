/**
 * A tool its server marks `destructiveHint: true` asks the user first, like a dangerous
 * terminal command, unless the server is trusted in config (`trust: true`).
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ToolContext } from "../registry/index.js";
import { seekApproval } from "../tools/approval.js";
import type { McpServerConfig } from "./config.js";

/** Undefined when the call may go ahead, else the error result to return instead. */
export function approveDestructive(config: McpServerConfig, tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<string | undefined> {
  if (tool.annotations?.destructiveHint !== true || config.trust) return Promise.resolve(undefined);
  const where = `MCP server "${config.name}"`;
  return seekApproval(ctx, {
    tool: tool.name,
    subject: `${config.name}: ${tool.name} ${JSON.stringify(args)}`,
    action: "command",
    rules: [{ key: `mcp-destructive:${config.name}:${tool.name}`, reason: `destructive tool of ${where}; set mcp.servers.${config.name}.trust: true to skip asking` }],
  });
}

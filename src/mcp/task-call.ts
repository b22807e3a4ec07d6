/**
 * Tools that run as MCP tasks (`execution.taskSupport` "required" or "optional"): called through
 * the SDK's task API, which creates the task and polls it to the end. Status changes are shown
 * as progress; the final result is an ordinary tool result; an aborted call cancels the task on
 * the server.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext, ToolOutput } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";
import { requestOptions } from "./remote-call.js";
import { fromMcpResult, RAW_RESULT_SINK } from "./results.js";
import type { RawResultSink } from "./results.js";

/** Cancelling an abandoned task is a courtesy; don't let a dead server hold up the caller. */
const CANCEL_TIMEOUT_MS = 5_000;

/** True when the tool must (or may) run as a task and the server accepts task-augmented calls. */
export function runsAsTask(client: Client, tool: Tool | undefined): boolean {
  const support = tool?.execution?.taskSupport;
  if (support === "required") return true;
  return support === "optional" && client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

/** Calls `tool` as a task; rejects like `callTool` when the call or the task fails. */
export async function callToolAsTask(client: Client, config: McpServerConfig, tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  let taskId: string | undefined;
  let updates = 0;
  try {
    const stream = client.experimental.tasks.callToolStream({ name: tool, arguments: args }, CallToolResultSchema, { ...requestOptions(config, ctx), task: {} });
    for await (const message of stream) {
      switch (message.type) {
        case "taskCreated":
          taskId = message.task.taskId;
          break;
        case "taskStatus":
          ctx.progress?.({ progress: ++updates, message: message.task.statusMessage ?? message.task.status });
          break;
        case "result": {
          const result = message.result as CallToolResult;
          (ctx[RAW_RESULT_SINK] as RawResultSink | undefined)?.(result);
          return fromMcpResult(result);
        }
        case "error":
          throw message.error;
      }
    }
    throw new Error(`task ${taskId ?? "(not created)"} ended without a result`);
  } finally {
    if (ctx.signal?.aborted === true && taskId !== undefined) {
      await client.experimental.tasks.cancelTask(taskId, { timeout: CANCEL_TIMEOUT_MS }).catch(() => undefined);
    }
  }
}

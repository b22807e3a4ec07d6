/**
 * Tools that run as MCP tasks (`execution.taskSupport` "required" or "optional"): the call
 * creates the task, which is polled (`tasks/get`) to its end and its result fetched
 * (`tasks/result`). Status changes are shown as progress; the final result is an ordinary tool
 * result; an aborted call cancels the task on the server. The 2.x SDK has no task API of its
 * own (tasks became an extension), so the requests are made here with the core schemas.
 */
import { CallToolResultSchema, CancelTaskResultSchema, CreateTaskResultSchema, GetTaskResultSchema } from "@modelcontextprotocol/core";
import type { CallToolResult, Client, Tool } from "@modelcontextprotocol/client";
import type { ToolContext, ToolOutput } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";
import { requestOptions } from "./remote-call.js";
import { fromMcpResult, RAW_RESULT_SINK } from "./results.js";
import type { RawResultSink } from "./results.js";

/** Cancelling an abandoned task is a courtesy; don't let a dead server hold up the caller. */
const CANCEL_TIMEOUT_MS = 5_000;
/** Polling interval when the server suggests none. */
const DEFAULT_POLL_MS = 500;
const MIN_POLL_MS = 50;
const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** True when the tool must (or may) run as a task and the server accepts task-augmented calls. */
export function runsAsTask(client: Client, tool: Tool | undefined): boolean {
  const support = tool?.execution?.taskSupport;
  if (support === "required") return true;
  return support === "optional" && client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

/** Calls `tool` as a task; rejects like `callTool` when the call or the task fails. */
export async function callToolAsTask(client: Client, config: McpServerConfig, tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const options = requestOptions(config, ctx);
  let taskId: string | undefined;
  try {
    const created = await client.request({ method: "tools/call", params: { name: tool, arguments: args, task: {} } }, CreateTaskResultSchema, options);
    taskId = created.task.taskId;
    let task = created.task;
    let updates = 0;
    let shown = "";
    while (!TERMINAL.has(task.status)) {
      const message = task.statusMessage ?? task.status;
      if (message !== shown) ctx.progress?.({ progress: ++updates, message: (shown = message) });
      await sleep(Math.max(MIN_POLL_MS, task.pollInterval ?? DEFAULT_POLL_MS), ctx.signal);
      task = await client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, options);
    }
    if (task.status === "cancelled") throw new Error(`task ${taskId} was cancelled by the server${task.statusMessage !== undefined ? `: ${task.statusMessage}` : ""}`);
    const result = (await client.request({ method: "tasks/result", params: { taskId } }, CallToolResultSchema, options)) as CallToolResult;
    (ctx[RAW_RESULT_SINK] as RawResultSink | undefined)?.(result);
    return fromMcpResult(result);
  } finally {
    if (ctx.signal?.aborted === true && taskId !== undefined) {
      await client.request({ method: "tasks/cancel", params: { taskId } }, CancelTaskResultSchema, { timeout: CANCEL_TIMEOUT_MS }).catch(() => undefined);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs the tool calls of one assistant reply. Consecutive calls to read-only tools run in
 * parallel (at most `maxParallel` at once); any other call runs alone, so a writer closes a
 * parallel run and sees everything before it done. Results are handed over strictly in the
 * model's call order, each as soon as every earlier one is in, and every call gets exactly one
 * result: unknown names, failures and interrupts included.
 */
import type { ImagePart, ToolCall, ToolMessage } from "../llm/index.js";
import { runFunctionCall, type FunctionCallResult } from "../calls/model-tools.js";
import { warmUpTool } from "../calls/warm-up.js";
import { registry, type ApprovalDecision, type ApprovalRequest, type ToolCaller, type ToolCatalog, type ToolProgress } from "../registry/index.js";
import type { AgentEvent } from "./events.js";
import { notStartedResult } from "./history.js";
import { toToolContent, toolResultError } from "./tool-content.js";

export interface ToolRunOptions {
  /** Tool names the model was offered in this request; anything else is refused. */
  offered: ReadonlySet<string>;
  /** The names offered now, for a call of a tool withdrawn while its MCP server reconnects. */
  reoffer?: () => Promise<ReadonlySet<string>>;
  /** The session's tools, for `tool_search`. */
  toolCatalog?: ToolCatalog;
  signal?: AbortSignal;
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** The tool's channels to the user and the chat's model (ctx.elicit, ctx.sample, ctx.log), per call. */
  caller?: (tool: string, signal: AbortSignal | undefined) => Partial<ToolCaller>;
  /** Handed to each call as `ctx.approvalUnavailable`. */
  approvalUnavailable?: string;
  maxParallel: number;
  attachImages: boolean;
  emit: (event: AgentEvent) => void;
  /** Awaited before each call that may write (not read-only), e.g. to take a checkpoint. */
  beforeWrite?: (call: ToolCall) => Promise<void>;
  /** Receives each result in call order. */
  onResult: (message: ToolMessage, images: ImagePart[]) => void;
}

interface Outcome {
  message: ToolMessage;
  images: ImagePart[];
}

export async function runToolCalls(calls: readonly ToolCall[], opts: ToolRunOptions): Promise<void> {
  const outcomes: Array<Outcome | undefined> = new Array(calls.length);
  let next = 0;
  const settle = (index: number, outcome: Outcome): void => {
    outcomes[index] = outcome;
    for (; next < calls.length && outcomes[next] !== undefined; next++) {
      const ready = outcomes[next]!;
      opts.onResult(ready.message, ready.images);
    }
  };
  const run = async (index: number): Promise<void> => settle(index, await runOne(calls[index]!, opts));
  for (const group of groups(calls, opts.offered)) {
    if (group.length === 1) {
      // A group of one is a writer, or a lone read-only call (which needs no checkpoint).
      const call = calls[group[0]!]!;
      if (opts.beforeWrite !== undefined && mayWrite(call, opts.offered)) await Promise.all([opts.beforeWrite(call), warmUpTool(call.name, call.arguments)]);
      await run(group[0]!);
    }
    else await inPool(group, Math.max(1, opts.maxParallel), run);
  }
}

/** Indices of the calls, cut into runs: read-only (or refused) calls together, any other call alone. */
function groups(calls: readonly ToolCall[], offered: ReadonlySet<string>): number[][] {
  const out: number[][] = [];
  let parallel: number[] = [];
  calls.forEach((call, index) => {
    if (!mayWrite(call, offered)) {
      parallel.push(index);
      return;
    }
    if (parallel.length > 0) out.push(parallel);
    parallel = [];
    out.push([index]);
  });
  if (parallel.length > 0) out.push(parallel);
  return out;
}

/** Offered and not marked read-only: it may change files (a refused call runs nothing). */
function mayWrite(call: ToolCall, offered: ReadonlySet<string>): boolean {
  return offered.has(call.name) && registry.getEntry(call.name)?.readOnly !== true;
}

async function inPool(indices: number[], size: number, run: (index: number) => Promise<void>): Promise<void> {
  let cursor = 0;
  const worker = async (): Promise<void> => {
    while (cursor < indices.length) await run(indices[cursor++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, indices.length) }, worker));
}

async function runOne(call: ToolCall, opts: ToolRunOptions): Promise<Outcome> {
  const reply = (content: string, images: ImagePart[] = []): Outcome => ({
    message: { role: "tool", tool_call_id: call.id, content },
    images,
  });
  if (opts.signal?.aborted === true) return reply(notStartedResult(call.name));

  const started = performance.now();
  const result = await callTool(call, opts);
  const { text, images } = toToolContent(result.output, opts.attachImages);
  const error = toolResultError(text);
  opts.emit({
    type: "tool_end",
    id: call.id,
    name: call.name,
    duration: Math.round((performance.now() - started) * 1000) / 1000,
    ok: error === undefined,
    ...(error === undefined ? {} : { error }),
    size: text.length,
    result: text,
  });
  return reply(text, images);
}

/** One pass through the call pipeline: it parses the arguments once and hands them to tool_start. */
async function callTool(call: ToolCall, opts: ToolRunOptions): Promise<FunctionCallResult> {
  const ctx = {
    toolCallId: call.id,
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
    ...(opts.approve === undefined ? {} : { approve: opts.approve }),
    ...(opts.approvalUnavailable === undefined ? {} : { approvalUnavailable: opts.approvalUnavailable }),
    ...(opts.toolCatalog === undefined ? {} : { toolCatalog: opts.toolCatalog }),
    progress: (update: ToolProgress) => opts.emit({ type: "tool_progress", id: call.id, name: call.name, ...update }),
    ...opts.caller?.(call.name, opts.signal),
  };
  const onArguments = (args: Record<string, unknown> | string): void =>
    opts.emit({ type: "tool_start", id: call.id, name: call.name, args, emoji: registry.getEmoji(call.name) });
  return runFunctionCall(call.name, call.arguments, ctx, { offered: opts.offered, reoffer: opts.reoffer, onArguments });
}

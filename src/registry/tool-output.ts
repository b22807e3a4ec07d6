/**
 * What dispatch hands back for a handler's result. A string passes (an oversized error string
 * is cut to the bound); a multimodal envelope passes once it is checked to be plain JSON data
 * (the agent, the CLI and `serve` all serialise it, and a BigInt or a cycle inside would crash
 * them far from the tool that caused it); anything else is a `tool_result_contract` error.
 * Never throws, whatever the result is (Proxies whose traps throw included).
 */
import { describeError } from "./describe-error.js";
import { MAX_ERROR_CHARS, boundErrorText, toolError } from "./results.js";
import type { MultimodalResult, ToolOutput } from "./types.js";

const ERROR_PREFIX = /^\s*\{\s*"error"\s*:/;
// Bounds on the walk over an envelope: deep or huge structures are not what a tool result is.
const MAX_DEPTH = 32;
const MAX_NODES = 100_000;

export function toToolOutput(tool: string, result: unknown): ToolOutput {
  try {
    if (typeof result === "string") {
      return result.length > MAX_ERROR_CHARS && ERROR_PREFIX.test(result) ? reboundError(result) : result;
    }
    if (claimsMultimodal(result)) {
      const problem = multimodalProblem(result);
      if (problem === undefined) return result as MultimodalResult;
      return contractError(tool, `Tool handler returned an invalid multimodal result: ${problem}`, "multimodal");
    }
    const type = resultType(result);
    return contractError(tool, `Tool handler returned unsupported result type: ${type}`, type);
  } catch (err) {
    return contractError(tool, `Tool handler returned a result that cannot be read (${describeError(err)})`, "unreadable");
  }
}

/** A handler's pending result, checked as `toToolOutput` does; a rejection becomes the execution error. */
export async function settleOutput(tool: string, pending: PromiseLike<unknown>): Promise<ToolOutput> {
  try {
    // toToolOutput never throws, so the catch is the handler's rejection alone.
    return toToolOutput(tool, await pending);
  } catch (err) {
    return executionFailed(err);
  }
}

export function executionFailed(err: unknown): string {
  return toolError(`Tool execution failed: ${describeError(err)}`);
}

export function resultType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Whether `value` has a callable `then`; false when even asking throws. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    // instanceof first: the fast answer for real promises (it throws for a revoked Proxy).
    return value instanceof Promise || typeof (value as PromiseLike<unknown>).then === "function";
  } catch {
    return false;
  }
}

function contractError(tool: string, message: string, type: string): string {
  return toolError(message, { error_type: "tool_result_contract", tool, result_type: type });
}

function claimsMultimodal(value: unknown): value is object {
  return typeof value === "object" && value !== null && (value as { _multimodal?: unknown })._multimodal === true;
}

/** Why the envelope cannot be sent, or undefined when it is sound. */
function multimodalProblem(envelope: object): string | undefined {
  const { content, text_summary: summary } = envelope as Record<string, unknown>;
  if (!Array.isArray(content)) return `content is ${describeKind(content)}, not an array of parts`;
  if (summary !== undefined && typeof summary !== "string") return `text_summary is ${describeKind(summary)}, not a string`;
  for (let i = 0; i < content.length; i++) {
    const part: unknown = content[i];
    if (!isPlainObject(part)) return `content[${i}] is ${describeKind(part)}; every part must be an object like {"type": "text", "text": "..."}`;
    if (typeof part.type !== "string") return `content[${i}].type is ${describeKind(part.type)}; every part needs a string "type"`;
  }
  return jsonProblem(envelope, "", { seen: new Set(), nodes: 0 }, 0);
}

interface Walk {
  seen: Set<object>;
  nodes: number;
}

/** The first value under `value` that JSON cannot carry faithfully, by its path. */
function jsonProblem(value: unknown, path: string, walk: Walk, depth: number): string | undefined {
  const at = path === "" ? "the result" : path;
  if (value === null || typeof value === "string" || typeof value === "boolean" || typeof value === "number" || value === undefined) return undefined;
  if (typeof value !== "object") return `${at} is ${describeKind(value)}; only JSON data can be sent`;
  if (walk.seen.has(value)) return `${at} refers back to itself (a cycle); only JSON data can be sent`;
  if (depth > MAX_DEPTH) return `${at} is nested deeper than ${MAX_DEPTH} levels`;
  if (++walk.nodes > MAX_NODES) return `the result has more than ${MAX_NODES} values`;
  if (!Array.isArray(value) && !isPlainObject(value)) return `${at} is ${describeKind(value)}; encode binary data as a base64 string`;
  walk.seen.add(value);
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, i) => [`${path}[${i}]`, item])
    : Object.keys(value).map((key) => [path === "" ? key : `${path}.${key}`, (value as Record<string, unknown>)[key]]);
  for (const [childPath, child] of entries) {
    const problem = jsonProblem(child, childPath, walk, depth + 1);
    if (problem !== undefined) return problem;
  }
  walk.seen.delete(value);
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return typeof ctor === "string" && ctor !== "Object" ? `a ${ctor}` : "an object";
  }
  return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
}

// A handler's own oversized `{"error": ...}` is cut like ours, keeping its other fields.
function reboundError(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.error === "string") body.error = boundErrorText(body.error);
    else body.error = boundErrorText(JSON.stringify(body.error));
    return JSON.stringify(body);
  } catch {
    return toolError(text);
  }
}

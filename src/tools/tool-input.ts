/**
 * Argument reading for the built-in tools. Arguments may arrive unvalidated (a direct
 * `registry.dispatch`), so each tool checks what it uses and reports a clear error.
 */
import { toolError } from "../registry/index.js";
import type { ToolContext, ToolHandler } from "../registry/index.js";

/** A mistake in the call (bad argument, missing file, …): reported to the model, never thrown out. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
  constructor(
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Handler = (args: Record<string, unknown>, ctx: ToolContext) => Promise<string>;

/**
 * Wraps a handler so user errors become `{"error": ...}` results: ToolInputError, and file
 * system errors (EACCES, ENOSPC, …) whose message already names the operation and the path.
 */
export function reportingInputErrors(handler: Handler): ToolHandler {
  return async (args, ctx) => {
    try {
      return await handler(args ?? {}, ctx ?? {});
    } catch (err) {
      if (err instanceof ToolInputError) return toolError(err.message, err.extra);
      if (isErrnoError(err)) return toolError(err.message);
      throw err;
    }
  };
}

export function isErrnoError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === "string";
}

export function stringArg(args: Record<string, unknown>, name: string, opts: { allowEmpty?: boolean } = {}): string {
  const value = args[name];
  if (typeof value !== "string") {
    throw new ToolInputError(`"${name}" is required and must be a string, got ${describe(value)}`);
  }
  if (opts.allowEmpty !== true && value.trim() === "") throw new ToolInputError(`"${name}" must not be empty`);
  return value;
}

export function optionalStringArg(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  return stringArg(args, name);
}

/** A number, also accepted as a numeric string ("42"); `integer` rejects fractions. */
export function optionalNumberArg(
  args: Record<string, unknown>,
  name: string,
  opts: { integer?: boolean; min?: number } = {},
): number | undefined {
  const raw = args[name];
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new ToolInputError(`"${name}" must be a number, got ${describe(raw)}`);
  }
  if (opts.integer === true && !Number.isInteger(value)) throw new ToolInputError(`"${name}" must be a whole number, got ${value}`);
  if (opts.min !== undefined && value < opts.min) throw new ToolInputError(`"${name}" must be at least ${opts.min}, got ${value}`);
  return value;
}

export function optionalBooleanArg(args: Record<string, unknown>, name: string): boolean | undefined {
  const raw = args[name];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === "boolean") return raw;
  if (raw === "true" || raw === "false") return raw === "true";
  throw new ToolInputError(`"${name}" must be true or false, got ${describe(raw)}`);
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

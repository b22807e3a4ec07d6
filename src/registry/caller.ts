/**
 * The caller channels (ctx.elicit, ctx.sample, ctx.log) every handler can count on: a front
 * end that has none (`quiver tools call`, a program's own dispatch) gets these, so a tool that
 * asks is told at once that nobody can answer instead of waiting.
 */
import { createLogger } from "./logger.js";
import type { ToolCallContext, ToolCaller, ToolContext } from "./types.js";

const log = createLogger("tool");

/** What a tool's elicit or sample call rejects with when nobody can answer it. */
export class CallerUnavailableError extends Error {
  override readonly name = "CallerUnavailableError";
}

const UNAVAILABLE: ToolCaller = Object.freeze({
  elicit: () =>
    Promise.reject(new CallerUnavailableError("ctx.elicit is unavailable here: nobody can answer a question in this context (no terminal, `quiver tools call`, or an MCP client without elicitation)")),
  sample: () =>
    Promise.reject(new CallerUnavailableError("ctx.sample is unavailable here: there is no model to ask in this context (`quiver tools call`, or an MCP client without sampling)")),
  log: (level: string, data: unknown) => log.debug(`[${level}] ${typeof data === "string" ? data : JSON.stringify(data)}`),
});

/**
 * `ctx` with every caller channel present. The missing ones are set on `ctx` itself, not on a
 * copy: a context may carry accessors (the call pipeline's lazy `signal`) that a copy would lose.
 * Only a frozen context is copied.
 */
export function withCaller(ctx: ToolContext): ToolCallContext {
  if (ctx.elicit !== undefined && ctx.sample !== undefined && ctx.log !== undefined) return ctx as ToolCallContext;
  if (!Object.isExtensible(ctx)) return { ...ctx, elicit: ctx.elicit ?? UNAVAILABLE.elicit, sample: ctx.sample ?? UNAVAILABLE.sample, log: ctx.log ?? UNAVAILABLE.log };
  ctx.elicit ??= UNAVAILABLE.elicit;
  ctx.sample ??= UNAVAILABLE.sample;
  ctx.log ??= UNAVAILABLE.log;
  return ctx as ToolCallContext;
}

/**
 * The caller channels (ctx.elicit, ctx.sample, ctx.listRoots, ctx.log, ctx.caller) every handler can count on: a front
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
  listRoots: () =>
    Promise.reject(new CallerUnavailableError("ctx.listRoots is unavailable here: nobody shares roots in this context (`quiver chat`, `quiver tools call`, or an MCP client without roots)")),
  log: (level: string, data: unknown) => log.debug(`[${level}] ${typeof data === "string" ? data : JSON.stringify(data)}`),
  caller: Object.freeze({ capabilities: Object.freeze({ elicitation: false, sampling: false, roots: false }) }),
});

/**
 * `ctx` with every caller channel present. The missing ones are set on `ctx` itself, not on a
 * copy: a context may carry accessors (the call pipeline's lazy `signal`) that a copy would lose.
 * Only a frozen context is copied. A front end that gives no `caller` is taken to answer what
 * it gives a channel for.
 */
export function withCaller(ctx: ToolContext): ToolCallContext;
/** A resource's read or a prompt's get: the same channels on its own context. */
export function withCaller<C extends Partial<ToolCaller>>(ctx: C): C & ToolCaller;
export function withCaller<C extends Partial<ToolCaller>>(ctx: C): C & ToolCaller {
  if (ctx.elicit !== undefined && ctx.sample !== undefined && ctx.listRoots !== undefined && ctx.log !== undefined && ctx.caller !== undefined) return ctx as C & ToolCaller;
  const caller = ctx.caller ?? { capabilities: { elicitation: ctx.elicit !== undefined, sampling: ctx.sample !== undefined, roots: ctx.listRoots !== undefined } };
  const filled = {
    elicit: ctx.elicit ?? UNAVAILABLE.elicit,
    sample: ctx.sample ?? UNAVAILABLE.sample,
    listRoots: ctx.listRoots ?? UNAVAILABLE.listRoots,
    log: ctx.log ?? UNAVAILABLE.log,
    caller,
  };
  if (!Object.isExtensible(ctx)) return { ...ctx, ...filled };
  return Object.assign(ctx, filled);
}

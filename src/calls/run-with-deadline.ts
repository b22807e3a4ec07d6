/**
 * Runs a tool call under a timeout and the caller's AbortSignal. The tool gets a context whose
 * `signal` fires on either; it is created only if the tool reads it, because an AbortController
 * per call is a measurable share of a small tool's cost and most tools never look at it.
 */
import { describeError, registry, toolError, type ToolContext, type ToolOutput } from "../registry/index.js";
import { cancelDeadline, scheduleDeadline, type Deadline } from "./deadline-timer.js";

class CallContext implements ToolContext {
  [key: string]: unknown;
  #controller: AbortController | undefined;
  #parent: AbortSignal | undefined;

  constructor(parent: ToolContext) {
    for (const key in parent) if (key !== "signal") this[key] = parent[key];
    this.#parent = parent.signal;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      const parent = this.#parent;
      if (parent?.aborted === true) this.#controller.abort(parent.reason);
      else parent?.addEventListener("abort", this.#forward, { once: true });
    }
    return this.#controller.signal;
  }

  abort(reason: unknown): void {
    this.#controller?.abort(reason);
  }

  /** Unhooks from the caller's signal: one turn's signal outlives many calls, and listeners would pile up. */
  dispose(): void {
    if (this.#controller !== undefined) this.#parent?.removeEventListener("abort", this.#forward);
  }

  readonly #forward = (): void => {
    this.#controller?.abort(this.#parent?.reason);
  };
}

/**
 * The tool's output, synchronously when its handler answered synchronously: such a call is over
 * before any timeout or abort could reach it, so it gets no timer, listener or promise.
 */
export function runWithDeadline(name: string, args: Record<string, unknown>, ctx: ToolContext, timeoutMs: number): ToolOutput | Promise<ToolOutput> {
  const parent = ctx.signal;
  if (parent?.aborted === true) return cancelled(name);
  const callCtx = new CallContext(ctx);
  const running = registry.dispatchEager(name, args, callCtx);
  if (!(running instanceof Promise)) {
    callCtx.dispose();
    return running;
  }
  return new Promise<ToolOutput>((resolve) => {
    let deadline: Deadline | undefined;
    let done = false;
    let listening = false;
    const finish = (value: ToolOutput): void => {
      if (done) return;
      done = true;
      if (deadline !== undefined) cancelDeadline(deadline);
      if (listening) parent?.removeEventListener("abort", onAbort);
      callCtx.dispose();
      resolve(value);
    };
    function onAbort(): void {
      callCtx.abort(parent?.reason);
      finish(cancelled(name));
    }
    // A quick call settles within a few microtasks, and the first listener on a fresh signal (an
    // MCP request's) costs more than such a call: listen only once the call outlives them.
    if (parent !== undefined) afterMicrotasks(LISTEN_AFTER_MICROTASKS, () => {
      if (done) return;
      if (parent.aborted) return onAbort();
      listening = true;
      parent.addEventListener("abort", onAbort, { once: true });
    });
    if (Number.isFinite(timeoutMs)) {
      deadline = scheduleDeadline(timeoutMs, () => {
        callCtx.abort(new Error(`timed out after ${timeoutMs} ms`));
        finish(toolError(`Tool ${name} timed out after ${formatSeconds(timeoutMs)}`, { error_type: "timeout" }));
      });
    }
    // dispatchEager never rejects; the second callback keeps that promise true of this call too.
    running.then(finish, (err: unknown) => finish(toolError(`Tool ${name} failed: ${describeError(err)}`)));
  });
}

/** Microtask turns a call gets to settle before it listens for the caller's abort. */
const LISTEN_AFTER_MICROTASKS = 8;

const SETTLED = Promise.resolve();

/**
 * Runs `fn` after `turns` microtask turns: before any timer or I/O callback, so no abort is missed.
 * Promise reactions rather than queueMicrotask, which makes an async resource per turn.
 */
function afterMicrotasks(turns: number, fn: () => void): void {
  void SETTLED.then(turns <= 1 ? fn : () => afterMicrotasks(turns - 1, fn));
}

function cancelled(name: string): string {
  return toolError(`Tool ${name} was cancelled before it finished`, { error_type: "cancelled" });
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

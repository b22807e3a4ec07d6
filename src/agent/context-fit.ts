/**
 * When a request does not fit the model's context, the agent first defers the tools to
 * `tool_search`, then sends none, and only then gives up: with a message naming both token counts.
 */
import { ModelError, type AssistantTurn } from "../llm/index.js";
import type { FitStep, RequestTools } from "./request-tools.js";

export interface FittingCall {
  call: (tools: RequestTools) => Promise<AssistantTurn>;
  /** The next smaller set of tools (SessionTools.shrink). */
  shrink: () => Promise<{ step: FitStep; tools: RequestTools } | undefined>;
  model: string;
  /** Told before each smaller request, with the notice for the user. */
  onShrink: (notice: string) => void;
}

/** `call`, made smaller (tool search, then no tools) while the request does not fit the model's context. */
export async function callFitting(first: RequestTools, how: FittingCall): Promise<{ reply: AssistantTurn; tools: RequestTools }> {
  for (let tools = first; ; ) {
    try {
      return { reply: await how.call(tools), tools };
    } catch (err) {
      if (!isRetryableOverflow(err)) throw err;
      const smaller = await how.shrink();
      if (smaller === undefined) throw tooSmallError(err, how.model);
      how.onShrink(fallbackNotice(err, how.model, smaller.step));
      tools = smaller.tools;
    }
  }
}

/** A context overflow the agent may retry smaller: nothing of the reply has been shown yet. */
export function isRetryableOverflow(err: unknown): err is ModelError {
  return err instanceof ModelError && err.kind === "context_overflow" && (err.partialContent ?? "") === "";
}

export function fallbackNotice(err: ModelError, model: string, step: FitStep): string {
  const what = {
    "tool search": "retrying with tool search (only the core tools' definitions)",
    "tool search alone": "retrying with tool_search as the only definition (it finds the others)",
    "no tools": "retrying without tool definitions",
  }[step];
  return `The request does not fit the context of ${model} (${sizes(err)}): ${what}.`;
}

/** The last word: even the smallest request does not fit. */
export function tooSmallError(err: ModelError, model: string): ModelError {
  const message =
    `${model} is too small for quiver's prompt: ${sizes(err)}, even with tool search and then no tool definitions. ` +
    "Use a model with a larger context (for a local one, a larger --model or more memory), a shorter system prompt (--system), or a new session.";
  const error = new ModelError(message, { kind: "context_overflow", retryable: false, ...(err.status === undefined ? {} : { status: err.status }), cause: err });
  error.contextTokens = err.contextTokens;
  error.promptTokens = err.promptTokens;
  return error;
}

function sizes(err: ModelError): string {
  const prompt = err.promptTokens === undefined ? "the prompt's size was not reported" : `the prompt takes ${err.promptTokens.toLocaleString("en-US")} tokens`;
  const context = err.contextTokens === undefined ? "its context size was not reported" : `its context holds ${err.contextTokens.toLocaleString("en-US")}`;
  return `${prompt}, ${context}`;
}

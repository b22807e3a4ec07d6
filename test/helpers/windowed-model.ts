/**
 * A scripted model with a small context window, for the compaction tests: it measures each
 * request (JSON characters / 3, a pessimistic count, so the client's own estimate must be
 * calibrated by the reported usage), refuses an oversized one with OpenAI's context-length
 * error, reports usage like OpenAI (on tool-call replies too), and answers summarisation requests by repeating every
 * `FACT:` line it was shown, as a faithful summariser would.
 */
import { httpError, text, type RecordedRequest, type ScriptedReply } from "./scripted-openai-server.js";

export interface WindowedModel {
  reply: (request: RecordedRequest) => ScriptedReply;
  /** Requests refused for their size. */
  readonly refused: number;
  /** Summarisation requests answered. */
  readonly summaries: number;
  /** The largest request that was answered, in this model's tokens. */
  readonly largest: number;
}

/** The request's size in this model's tokens: `charsPerToken` JSON characters each (3 by default; 1 for a byte-level tokenizer). */
export function requestTokens(request: RecordedRequest, charsPerToken = 3): number {
  const body = request.body;
  return Math.ceil(JSON.stringify({ messages: body?.messages ?? [], tools: body?.tools ?? [] }).length / charsPerToken);
}

export function isSummaryRequest(request: RecordedRequest): boolean {
  const first = request.body?.messages[0];
  return first?.role === "system" && typeof first.content === "string" && first.content.startsWith("You compact conversations");
}

/** `answer` plays the model for ordinary requests; the window is enforced for every request. */
export function windowedModel(window: number, answer: (request: RecordedRequest) => ScriptedReply, charsPerToken = 3): WindowedModel {
  const state = { refused: 0, summaries: 0, largest: 0 };
  const reply = (request: RecordedRequest): ScriptedReply => {
    const tokens = requestTokens(request, charsPerToken);
    if (tokens > window) {
      state.refused++;
      return httpError(400, {
        message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`,
        type: "invalid_request_error",
        code: "context_length_exceeded",
      });
    }
    state.largest = Math.max(state.largest, tokens);
    const usage = { prompt_tokens: tokens, completion_tokens: 20, total_tokens: tokens + 20 };
    if (isSummaryRequest(request)) {
      state.summaries++;
      const shown = JSON.stringify(request.body?.messages ?? []);
      const facts = [...new Set(shown.match(/FACT: [^"\\\n]*/g) ?? [])];
      return text(`Earlier turns: the user asked for files to be read, one per turn.\n${facts.join("\n")}`, { usage });
    }
    const scripted = answer(request);
    return typeof scripted === "object" && (scripted.kind === "text" || scripted.kind === "tool_calls") ? { ...scripted, usage } : scripted;
  };
  return {
    reply,
    get refused() {
      return state.refused;
    },
    get summaries() {
      return state.summaries;
    },
    get largest() {
      return state.largest;
    },
  };
}

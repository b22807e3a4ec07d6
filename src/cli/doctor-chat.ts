/**
 * `quiver doctor`'s last endpoint check: one tiny chat request. `GET /models` is often open to
 * anyone, so only a chat shows that the key, the model and the chat route work together.
 */
import { createChatClient, describeSource, ModelError, type ModelSettings } from "../llm/index.js";
import type { CheckResult } from "./doctor-check.js";

const CHAT_TIMEOUT_MS = 30_000;
/** Enough for any model to answer at all; the reply itself is not checked. */
const PROBE_MAX_TOKENS = 8;

/** Adds the chat check unless an earlier endpoint check already failed (the chat would only repeat it). */
export async function checkChatAfter(settings: ModelSettings, results: CheckResult[]): Promise<void> {
  if (results.some((r) => r.status === "fail" && (r.check === "endpoint" || r.check === "model exists"))) return;
  results.push(await checkChat(settings));
}

export async function checkChat(settings: ModelSettings): Promise<CheckResult> {
  const client = createChatClient(settings, { maxAttempts: 1, timeoutMs: CHAT_TIMEOUT_MS, log: () => {} });
  const started = performance.now();
  try {
    await client.complete({
      messages: [{ role: "user", content: "Reply with the word OK." }],
      maxTokens: PROBE_MAX_TOKENS,
      signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
    });
  } catch (err) {
    return { check: "chat", status: "fail", detail: chatFailure(err, settings), fix: chatFix(err, settings) };
  }
  const ms = Math.round(performance.now() - started);
  return { check: "chat", status: "ok", detail: `one chat request to "${settings.model}" (${PROBE_MAX_TOKENS} tokens at most) succeeded in ${ms} ms` };
}

function chatFailure(err: unknown, settings: ModelSettings): string {
  if (err instanceof ModelError) return `a chat request failed: ${err.message}`;
  if ((err as Error)?.name === "TimeoutError") return `a chat request to ${settings.baseUrl} got no answer within ${CHAT_TIMEOUT_MS / 1000} s`;
  return `a chat request to ${settings.baseUrl} failed: ${(err as Error)?.message ?? String(err)}`;
}

function chatFix(err: unknown, settings: ModelSettings): string {
  const kind = err instanceof ModelError ? err.kind : "connection";
  if (kind === "auth" || kind === "forbidden") {
    return `The endpoint lists models without a key but rejects chats with this one (from ${describeSource(settings.source.apiKey)}): set a valid key, e.g. export OPENAI_API_KEY=... or model.apiKeyEnv in config.yaml.`;
  }
  if (kind === "not_found") return `Check the model name (--model) and that the base URL is the API root, usually ending in /v1.`;
  return "Run `quiver chat -p hi --verbose` to see the request and the server's answer.";
}

/**
 * `quiver doctor` for a `local:` model: loads it (the time it takes is the first-message wait),
 * then generates a short reply to measure tokens per second on this machine.
 */
import { createChatClient, ModelError, type ChatClient, type LocalClientOptions, type ModelSettings } from "../llm/index.js";
import type { LoadedModel } from "../llm/local/loader.js";
import type { CheckResult } from "./doctor-check.js";

const PROBE_TOKENS = 32;

type LocalClient = ChatClient & { load(): Promise<LoadedModel> };

export async function checkLocalModel(settings: ModelSettings, local: LocalClientOptions, results: CheckResult[]): Promise<void> {
  const client = createChatClient({ ...settings, maxTokens: PROBE_TOKENS }, { local }) as LocalClient;
  let loaded: LoadedModel;
  try {
    loaded = await client.load();
  } catch (err) {
    const message = err instanceof ModelError ? err.message : `${settings.model} did not load: ${(err as Error).message}`;
    results.push({ check: "local model", status: "fail", detail: message, fix: "See `quiver models list`; any GGUF file works: --model local:./file.gguf" });
    return;
  }
  const context = `${loaded.context.contextSize} tokens of context`;
  results.push({ check: "local model", status: "ok", detail: `${settings.model} loaded in ${Math.round(loaded.loadMs)} ms on ${loaded.device}, ${context}` });
  const started = performance.now();
  try {
    const turn = await client.streamChat({ messages: [{ role: "user", content: "Say hello in one short sentence." }] });
    const seconds = (performance.now() - started) / 1000;
    const tokens = turn.usage?.completionTokens ?? 0;
    results.push({ check: "local speed", status: "ok", detail: `${(tokens / seconds).toFixed(1)} tokens/s (${tokens} tokens, prompt included, in ${seconds.toFixed(2)} s)` });
  } catch (err) {
    results.push({ check: "local speed", status: "fail", detail: `generation failed: ${(err as Error).message}` });
  }
}

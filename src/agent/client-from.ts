/** The agent's chat client when none was given: from the options' model, endpoint and key, else the env. */
import { createChatClient, resolveModelSettings, type ChatClient, type ChatClientOptions, type ModelSettings } from "../llm/index.js";
import { quiverPath } from "../registry/index.js";

/** The part of AgentOptions that picks the model (structural, so this file need not import agent.ts). */
export interface ClientChoice {
  model?: string | ModelSettings;
  baseUrl?: string;
  apiKey?: string;
  clientOptions?: ChatClientOptions;
}

export function clientFrom(options: ClientChoice): ChatClient {
  // `local:<name>` models resolve in $QUIVER_HOME/models, where `quiver models pull` puts them.
  const clientOptions: ChatClientOptions = { ...options.clientOptions, local: { modelsDir: quiverPath("models"), ...options.clientOptions?.local } };
  if (typeof options.model === "object") return createChatClient(options.model, clientOptions);
  const env = options.apiKey === undefined ? process.env : { ...process.env, OPENAI_API_KEY: options.apiKey };
  const flags = {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  };
  const resolved = resolveModelSettings({ flags, env });
  if (resolved.problem !== undefined) throw new Error(resolved.problem.message);
  return createChatClient(resolved, clientOptions);
}

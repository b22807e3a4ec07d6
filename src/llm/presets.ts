/**
 * Built-in provider presets (`--provider NAME`, config `model.provider`): each sets the base
 * URL, the environment variable holding the key, and the compat flags the endpoint needs.
 * Pure data: settings resolution and `quiver doctor` read it without loading the SDK.
 */
import type { ModelCompat } from "./types.js";

export interface ProviderPreset {
  /** Undefined when each account has its own URL (Azure): then model.baseUrl or --base-url is required. */
  baseUrl: string | undefined;
  /** Where the key is read from; undefined for local servers that need none. */
  apiKeyEnv: string | undefined;
  compat: Partial<ModelCompat>;
  /** Send the key in this header too (Azure's `api-key`). */
  keyHeader?: string;
  /** What the preset changes and why, one phrase each, for `quiver doctor` and docs/providers.md. */
  quirks: string[];
}

/** Today's behaviour when no preset is chosen: works with nearly every OpenAI-compatible server. */
export const DEFAULT_COMPAT: ModelCompat = {
  streamUsage: true,
  maxTokensField: "max_tokens",
  parallelToolCalls: false,
  toolChoice: false,
  reasoning: "send-back",
  stream: true,
};

export const PROVIDER_PRESETS: Readonly<Record<string, ProviderPreset>> = {
  openai: {
    baseUrl: "https://api.openai.com/v1",
    apiKeyEnv: "OPENAI_API_KEY",
    compat: { maxTokensField: "max_completion_tokens", parallelToolCalls: true, toolChoice: true },
    quirks: ["token limit sent as max_completion_tokens (o-series and gpt-5 reject max_tokens)", "parallel_tool_calls sent"],
  },
  azure: {
    baseUrl: undefined,
    apiKeyEnv: "AZURE_OPENAI_API_KEY",
    compat: { maxTokensField: "max_completion_tokens" },
    keyHeader: "api-key",
    quirks: [
      "needs your resource URL: model.baseUrl https://RESOURCE.openai.azure.com/openai/v1",
      "key sent in the api-key header",
      "older deployments reject stream_options: dropped on the first 400, for the session",
    ],
  },
  openrouter: {
    baseUrl: "https://openrouter.ai/api/v1",
    apiKeyEnv: "OPENROUTER_API_KEY",
    compat: { reasoning: "send-back" },
    quirks: ["reasoning and reasoning_details sent back on tool-call messages", "in-stream errors read by their code (4xx: not retried)"],
  },
  deepseek: {
    baseUrl: "https://api.deepseek.com/v1",
    apiKeyEnv: "DEEPSEEK_API_KEY",
    compat: { reasoning: "send-back" },
    quirks: ["reasoning_content sent back on every assistant message with tool calls (thinking mode requires it)"],
  },
  mistral: {
    baseUrl: "https://api.mistral.ai/v1",
    apiKeyEnv: "MISTRAL_API_KEY",
    compat: { streamUsage: false, reasoning: "strip" },
    quirks: ["no stream_options (422: extra inputs are not permitted)", "content read as text parts; thinking parts shown as reasoning, never sent back"],
  },
  groq: {
    baseUrl: "https://api.groq.com/openai/v1",
    apiKeyEnv: "GROQ_API_KEY",
    compat: { streamUsage: false, reasoning: "strip" },
    quirks: ["usage read from x_groq.usage instead of stream_options", "reasoning never sent back (Groq rejects the field)"],
  },
  gemini: {
    baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai",
    apiKeyEnv: "GEMINI_API_KEY",
    compat: {},
    quirks: ["extra_content (thought signatures) sent back on each tool call", "array-wrapped error bodies unwrapped"],
  },
  xai: {
    baseUrl: "https://api.x.ai/v1",
    apiKeyEnv: "XAI_API_KEY",
    compat: { maxTokensField: "max_completion_tokens" },
    quirks: ["reasoning_content shown and sent back on tool-call messages"],
  },
  together: {
    baseUrl: "https://api.together.xyz/v1",
    apiKeyEnv: "TOGETHER_API_KEY",
    compat: {},
    quirks: ["reasoning field shown and sent back on tool-call messages"],
  },
  fireworks: {
    baseUrl: "https://api.fireworks.ai/inference/v1",
    apiKeyEnv: "FIREWORKS_API_KEY",
    compat: {},
    quirks: ["reasoning_content shown and sent back on tool-call messages"],
  },
  ollama: {
    baseUrl: "http://localhost:11434/v1",
    apiKeyEnv: undefined,
    compat: {},
    quirks: ["no key", "reasoning field (thinking models) shown and sent back on tool-call messages"],
  },
  lmstudio: {
    baseUrl: "http://localhost:1234/v1",
    apiKeyEnv: undefined,
    compat: {},
    quirks: ["no key"],
  },
  vllm: {
    baseUrl: "http://localhost:8000/v1",
    apiKeyEnv: undefined,
    compat: {},
    quirks: ["no key", "tool_choice omitted (needs --enable-auto-tool-choice)", "in-stream errors read by their code (4xx: not retried)"],
  },
  llamacpp: {
    baseUrl: "http://localhost:8080/v1",
    apiKeyEnv: undefined,
    compat: {},
    quirks: ["no key", "reasoning_content shown and sent back on tool-call messages"],
  },
};

export function providerNames(): string[] {
  return Object.keys(PROVIDER_PRESETS);
}

/** The preset called `name` (case-insensitive; "llama.cpp" and "lm-studio" spellings accepted). */
export function findPreset(name: string): { name: string; preset: ProviderPreset } | undefined {
  const key = name.trim().toLowerCase().replace(/[.\s_-]/g, "");
  const preset = PROVIDER_PRESETS[key];
  return preset === undefined ? undefined : { name: key, preset };
}

/** Defaults, then the preset's flags, then the config's: the compat in force. */
export function resolveCompat(...layers: Array<Partial<ModelCompat> | undefined>): ModelCompat {
  const compat: ModelCompat = { ...DEFAULT_COMPAT };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) if (value !== undefined) Object.assign(compat, { [key]: value });
  }
  return compat;
}

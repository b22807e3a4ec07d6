/**
 * Which endpoint, key and model to use: flags > env > config.yaml, each setting on its own.
 * Pure (no I/O, no SDK import) so the CLI and `quiver doctor` can load it cheaply.
 */
import { isLocalModel } from "./local/catalog.js";
import { findPreset, providerNames, resolveCompat, type ProviderPreset } from "./presets.js";
import type { ModelCompat, ModelSettings, SettingSource } from "./types.js";
import type { ModelConfig } from "../config/types.js";

export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** Sent when no key is configured: local servers ignore it, and the SDK refuses an empty key. */
export const PLACEHOLDER_API_KEY = "quiver-no-key";

/** Hosts known to reject every request without a key: fail before calling them. */
const KEY_REQUIRED_HOSTS = ["api.openai.com", "openrouter.ai"];

/** The `model` section of config.yaml, as `loadConfig` returns it. */
export type ModelConfigSection = ModelConfig;

export interface ModelSettingsInput {
  flags?: { model?: string; baseUrl?: string; provider?: string };
  /** Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  config?: { model?: ModelConfigSection };
  /** Shown in the help text, e.g. "/home/me/.quiver/config.yaml". */
  configPath?: string;
}

export interface ModelSettingsProblem {
  code: "no-model" | "no-api-key" | "invalid-base-url" | "unknown-provider";
  /** Multi-line text for the user: what is missing and how to configure it. */
  message: string;
}

type Unresolved = Omit<ModelSettings, "model"> & { model: string | undefined };

/** Ready settings (`problem` undefined), or what is known plus the problem to show. */
export type ResolvedModelSettings =
  | (ModelSettings & { problem?: undefined })
  | (Unresolved & { problem: ModelSettingsProblem });

interface Pick {
  value: string;
  source: SettingSource;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function firstSet(candidates: Array<[string | undefined, SettingSource]>): Pick | undefined {
  for (const [raw, source] of candidates) {
    const value = nonEmpty(raw);
    if (value !== undefined) return { value, source };
  }
  return undefined;
}

export function resolveModelSettings(input: ModelSettingsInput = {}): ResolvedModelSettings {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const config = input.config?.model ?? {};
  const keyEnvName = nonEmpty(config.apiKeyEnv);
  const providerName = nonEmpty(flags.provider) ?? nonEmpty(config.provider);
  const found = providerName === undefined ? undefined : findPreset(providerName);
  const preset = found?.preset;

  // Another provider's preset replaces OpenAI's env defaults, which belong to OpenAI.
  const openAiEnv = preset === undefined || found?.name === "openai";
  const baseUrl = firstSet([
    [flags.baseUrl, { from: "flag", name: "--base-url" }],
    ...(openAiEnv ? [[env.OPENAI_BASE_URL, { from: "env", name: "OPENAI_BASE_URL" }] as [string | undefined, SettingSource]] : []),
    [config.baseUrl, { from: "config", name: "model.baseUrl" }],
    [preset?.baseUrl, { from: "default", name: `the ${found?.name} preset` }],
  ]) ?? { value: preset === undefined ? DEFAULT_BASE_URL : "", source: { from: "default", name: DEFAULT_BASE_URL } };
  const apiKey = firstSet(keyCandidates(env, config, keyEnvName, preset));
  const model = firstSet([
    [flags.model, { from: "flag", name: "--model" }],
    [env.QUIVER_MODEL, { from: "env", name: "QUIVER_MODEL" }],
    [config.name, { from: "config", name: "model.name" }],
  ]);

  const settings: Unresolved = {
    baseUrl: baseUrl.value.replace(/\/+$/, ""),
    apiKey: apiKey?.value ?? PLACEHOLDER_API_KEY,
    model: model?.value,
    source: {
      baseUrl: baseUrl.source,
      apiKey: apiKey?.source ?? missingKeySource(keyEnvName, preset?.apiKeyEnv),
      model: model?.source ?? { from: "none", name: "model" },
    },
    compat: resolveCompat(preset?.compat, config.compat),
    ...(found === undefined ? {} : { provider: found.name }),
    ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }),
    ...(preset?.keyHeader === undefined || apiKey === undefined ? {} : { headers: { [preset.keyHeader]: apiKey.value } }),
  };
  if (providerName !== undefined && found === undefined) {
    return { ...settings, problem: { code: "unknown-provider", message: unknownProviderHelp(providerName) } };
  }
  // The in-process model has no endpoint and no key to check.
  if (settings.model !== undefined && isLocalModel(settings.model)) return { ...settings, model: settings.model };
  const urlProblem = baseUrlProblem(settings, found?.name);
  if (urlProblem !== undefined) return { ...settings, problem: urlProblem };
  if (settings.model === undefined) {
    return { ...settings, problem: { code: "no-model", message: noModelHelp(input.configPath) } };
  }
  const keyProblem = apiKeyProblem(settings, preset);
  if (keyProblem !== undefined) return { ...settings, problem: keyProblem };
  return { ...settings, model: settings.model };
}

type Candidate = [string | undefined, SettingSource];

function keyCandidates(env: Record<string, string | undefined>, config: ModelConfigSection, keyEnvName: string | undefined, preset: ProviderPreset | undefined): Candidate[] {
  const fromConfigEnv: Candidate = [keyEnvName === undefined ? undefined : env[keyEnvName], { from: "env", name: keyEnvName ?? "", via: "model.apiKeyEnv" }];
  const fromConfig: Candidate = [config.apiKey, { from: "config", name: "model.apiKey" }];
  if (preset === undefined) return [[env.OPENAI_API_KEY, { from: "env", name: "OPENAI_API_KEY" }], fromConfig, fromConfigEnv];
  const presetEnv = preset.apiKeyEnv;
  return [fromConfigEnv, [presetEnv === undefined ? undefined : env[presetEnv], { from: "env", name: presetEnv ?? "" }], fromConfig];
}

function unknownProviderHelp(name: string): string {
  return (
    `Unknown provider "${name}" (from --provider or model.provider in config.yaml).\n` +
    `Known providers: ${providerNames().join(", ")}.\n` +
    `For any other OpenAI-compatible server, leave the provider out and set --base-url (and model.compat in config.yaml if needed).`
  );
}

function missingKeySource(keyEnvName: string | undefined, presetKeyEnv: string | undefined): SettingSource {
  if (keyEnvName !== undefined) return { from: "none", name: keyEnvName, via: "model.apiKeyEnv" };
  return { from: "none", name: presetKeyEnv ?? "OPENAI_API_KEY" };
}

function baseUrlProblem(settings: Unresolved, provider: string | undefined): ModelSettingsProblem | undefined {
  if (parseHttpUrl(settings.baseUrl) !== undefined) return undefined;
  if (settings.baseUrl === "" && provider !== undefined) {
    return {
      code: "invalid-base-url",
      message:
        `The ${provider} preset has no fixed URL: set your endpoint with --base-url or model.baseUrl in config.yaml,\n` +
        `e.g. https://RESOURCE.openai.azure.com/openai/v1`,
    };
  }
  return {
      code: "invalid-base-url",
      message:
        `The base URL "${settings.baseUrl}" (from ${describeSource(settings.source.baseUrl)}) is not an http:// or https:// URL.\n` +
        `Use the full URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1 for Ollama.`,
  };
}

function apiKeyProblem(settings: Unresolved, preset: ProviderPreset | undefined): ModelSettingsProblem | undefined {
  if (settings.source.apiKey.from !== "none") return undefined;
  if (preset?.apiKeyEnv !== undefined && settings.baseUrl === preset.baseUrl) {
    return {
      code: "no-api-key",
      message:
        `The ${settings.provider} preset needs an API key, and none is set (${describeSource(settings.source.apiKey)}).\n` +
        `Set one:  export ${preset.apiKeyEnv}=...\n` +
        `or, in config.yaml, model.apiKeyEnv: NAME_OF_THE_VARIABLE_HOLDING_IT`,
    };
  }
  const host = parseHttpUrl(settings.baseUrl)?.hostname ?? "";
  if (!KEY_REQUIRED_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))) return undefined;
  return {
    code: "no-api-key",
    message:
      `${settings.baseUrl} needs an API key, and none is set (${describeSource(settings.source.apiKey)}).\n` +
      `Set one:  export OPENAI_API_KEY=sk-...\n` +
      `or, in config.yaml, model.apiKeyEnv: NAME_OF_THE_VARIABLE_HOLDING_IT\n` +
      `A local server (Ollama, vLLM, llama.cpp, LM Studio) needs no key: --base-url http://localhost:11434/v1`,
  };
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The "no model configured" help: the three ways to configure one. */
function noModelHelp(configPath = "$QUIVER_HOME/config.yaml"): string {
  return [
    "No model configured. Pick one of these:",
    "",
    "  1. OpenAI (or another hosted OpenAI-compatible API):",
    "       export OPENAI_API_KEY=sk-...",
    "       export QUIVER_MODEL=gpt-4o-mini",
    "",
    "  2. A local server such as Ollama (no key needed):",
    "       quiver chat --base-url http://localhost:11434/v1 --model llama3.1",
    "",
    `  3. A config file, ${configPath}:`,
    "       model:",
    "         name: gpt-4o-mini",
    "         baseUrl: https://api.openai.com/v1",
    "         apiKeyEnv: OPENAI_API_KEY",
  ].join("\n");
}

/** "the --model flag", "env OPENAI_API_KEY", "model.baseUrl in config.yaml", ... */
export function describeSource(source: SettingSource): string {
  switch (source.from) {
    case "flag":
      return `the ${source.name} flag`;
    case "env":
      return source.via === undefined ? `env ${source.name}` : `env ${source.name} (named by ${source.via} in config.yaml)`;
    case "config":
      return `${source.name} in config.yaml`;
    case "default":
      return "the default";
    case "none":
      return source.via === undefined ? `no ${source.name} set` : `env ${source.name}, named by ${source.via} in config.yaml, is not set`;
  }
}

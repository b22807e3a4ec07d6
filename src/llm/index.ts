/** The model client layer: settings resolution, the streaming chat client, and its errors. */
export { createChatClient } from "./chat-client.js";
export type { ChatClient, ChatClientOptions, ChatRequest } from "./chat-client.js";
export { ModelError, ModelAbortError, isAbortError, parseRetryAfter } from "./errors.js";
export type { ModelErrorKind } from "./errors.js";
export type { RetryInfo, RetryPolicy } from "./retry.js";
export {
  DEFAULT_BASE_URL,
  PLACEHOLDER_API_KEY,
  describeSource,
  resolveModelSettings,
} from "./settings.js";
export type { ModelConfigSection, ModelSettingsInput, ModelSettingsProblem, ResolvedModelSettings } from "./settings.js";
export { TurnAssembler, toAssistantMessage } from "./turn-assembler.js";
export { DEFAULT_COMPAT, PROVIDER_PRESETS, findPreset, providerNames, resolveCompat } from "./presets.js";
export type { ProviderPreset } from "./presets.js";
export type * from "./types.js";
export type { LocalClientOptions } from "./local/client.js";
export { DEFAULT_LOCAL_MODEL, LOCAL_PREFIX, MODEL_CATALOG, findCatalogModel, isLocalModel, modelLocation } from "./local/catalog.js";
export type { CatalogModel } from "./local/catalog.js";
export type { GpuChoice } from "./local/loader.js";

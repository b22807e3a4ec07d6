/** quiver's public face: re-exports only. Everything here is cheap to import (SDKs load on first use). */
export * from "./registry/index.js";
export { discoverTools, moduleRegistersTools } from "./registry/discovery.js";
export { loadUserTools, loadProjectTools } from "./registry/user-tools.js";
export { TOOLSETS, resolveToolset, resolveToolSelection, validateToolset, listToolsetNames } from "./toolsets.js";
export type { ToolsetDefinition } from "./toolsets.js";
export { getToolDefinitions, getToolSnapshot, handleFunctionCall, loadBuiltinTools, DEFAULT_TOOL_TIMEOUT_MS } from "./model-tools.js";
export type { ToolSelection, ToolSnapshot } from "./model-tools.js";
export { countTokens, definitionTokens, toolsTokens } from "./tool-tokens.js";
export { contextWindowFor, toolTokenBudget } from "./context-window.js";
export * from "./agent/index.js";
export { createChatClient, resolveModelSettings, ModelError, ModelAbortError, isAbortError, PROVIDER_PRESETS } from "./llm/index.js";
export type { ChatClient, ChatClientOptions, ChatMessage, AssistantTurn, ModelSettings, ModelCompat, ProviderPreset } from "./llm/index.js";
export { loadConfig, configPath } from "./config.js";
export type { QuiverConfig } from "./config.js";
export { connectConfiguredServers, createMcpManager } from "./mcp/client.js";
export { McpManager } from "./mcp/manager.js";
export type { McpServerStatus, McpServerState } from "./mcp/status.js";

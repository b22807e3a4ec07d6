/** quiver's public face: re-exports only. Everything here is cheap to import (SDKs load on first use). */
export * from "./registry/index.js";
export { discoverTools, moduleRegistersTools } from "./registry/discovery.js";
export { loadUserTools, loadProjectTools } from "./registry/user-tools.js";
export { TOOLSETS, resolveToolset, resolveToolSelection, validateToolset, listToolsetNames } from "./toolsets.js";
export type { ToolsetDefinition } from "./toolsets.js";
export { getToolDefinitions, handleFunctionCall, loadBuiltinTools, DEFAULT_TOOL_TIMEOUT_MS } from "./model-tools.js";
export type { ToolSelection } from "./model-tools.js";
export * from "./agent/index.js";
export { createChatClient, resolveModelSettings, ModelError, ModelAbortError, isAbortError } from "./llm/index.js";
export type { ChatClient, ChatClientOptions, ChatMessage, AssistantTurn, ModelSettings } from "./llm/index.js";
export { loadConfig, configPath } from "./config.js";
export type { QuiverConfig } from "./config.js";
export { connectConfiguredServers, createMcpManager } from "./mcp/client.js";
export { McpManager } from "./mcp/manager.js";
export type { McpServerStatus, McpServerState } from "./mcp/status.js";
export { assessCommand, assessWrite, COMMAND_RULES, PROTECTED_PATHS } from "./safety/index.js";
export type { Assessment, AssessOptions, RuleHit, Verdict } from "./safety/index.js";

/** quiver's public face: re-exports only. */
export * from "./registry/index.js";
export { discoverTools, moduleRegistersTools } from "./registry/discovery.js";
export { loadUserTools, loadProjectTools } from "./registry/user-tools.js";
export { TOOLSETS, resolveToolset, resolveToolSelection, validateToolset, listToolsetNames } from "./toolsets.js";
export type { ToolsetDefinition } from "./toolsets.js";
export { getToolDefinitions, handleFunctionCall, loadBuiltinTools, DEFAULT_TOOL_TIMEOUT_MS } from "./model-tools.js";
export type { ToolSelection } from "./model-tools.js";

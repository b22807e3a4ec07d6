/** The alias `<server>` for toolset `mcp-<server>`, so `--toolsets github` means `mcp-github`. */
import type { ToolRegistry } from "../registry/index.js";
import { isBuiltinToolsetName } from "./names.js";

/**
 * Registers `server` as an alias of `toolset` once the server has tools, unless that name is
 * already a toolset or another alias. Returns false when the name was taken.
 */
export function registerServerAlias(registry: ToolRegistry, server: string, toolset: string, hasTools: boolean): boolean {
  registry.setToolsetDescription(toolset, `Tools of MCP server "${server}"`);
  const target = registry.getToolsetAliasTarget(server);
  if (!hasTools || target === toolset) return true;
  const taken = target !== undefined || isBuiltinToolsetName(server) || registry.getRegisteredToolsetNames().includes(server);
  if (taken) return false;
  registry.registerToolsetAlias(server, toolset);
  return true;
}

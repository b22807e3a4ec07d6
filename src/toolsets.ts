/**
 * Toolsets: named groups of tools the user enables or disables. Static ones are declared
 * here; every toolset the registry knows (a tool's `toolset`, MCP servers' `mcp-<name>`) and
 * every registered alias resolves too, so a new tool joins its group without editing this file.
 */
import { registry } from "./registry/index.js";

export interface ToolsetDefinition {
  description: string;
  tools: readonly string[];
  includes: readonly string[];
}

export const ALL_TOOLSETS = ["all", "*"] as const;

export const TOOLSETS: Readonly<Record<string, ToolsetDefinition>> = Object.freeze({
  terminal: { description: "Run shell commands", tools: ["terminal"], includes: [] },
  file: { description: "Read, write, search and patch files", tools: ["read_file", "write_file", "search_files", "patch"], includes: [] },
  coding: { description: "Everything a coding agent needs: terminal + file", tools: [], includes: ["terminal", "file"] },
});

function isAll(name: string): boolean {
  return (ALL_TOOLSETS as readonly string[]).includes(name);
}

/** True when `name` is a static toolset, `all`/`*`, a registry toolset or an alias. */
export function validateToolset(name: string): boolean {
  return (
    isAll(name) ||
    Object.hasOwn(TOOLSETS, name) ||
    registry.getToolNamesForToolset(name).length > 0 ||
    registry.getToolsetAliasTarget(name) !== undefined
  );
}

/** Every toolset name a user can pass: static, registry-known and aliases, sorted. */
export function listToolsetNames(): string[] {
  const names = new Set([...Object.keys(TOOLSETS), ...registry.getRegisteredToolsetNames(), ...Object.keys(registry.getToolsetAliases())]);
  return [...names].sort();
}

/**
 * The tool names a toolset stands for, following includes and aliases; cycle-safe. `table`
 * replaces the static toolsets (tests, embedders with toolsets of their own).
 */
export function resolveToolset(name: string, table: Readonly<Record<string, ToolsetDefinition>> = TOOLSETS): Set<string> {
  const out = new Set<string>();
  collect(name, table, new Set(), out);
  return out;
}

function collect(name: string, table: Readonly<Record<string, ToolsetDefinition>>, seen: Set<string>, out: Set<string>): void {
  if (seen.has(name)) return;
  seen.add(name);
  if (isAll(name)) {
    for (const tool of registry.getAllToolNames()) out.add(tool);
    return;
  }
  const target = registry.getToolsetAliasTarget(name);
  if (target !== undefined) collect(target, table, seen, out);
  const definition = Object.hasOwn(table, name) ? table[name] : undefined;
  if (definition !== undefined) {
    for (const tool of definition.tools) out.add(tool);
    for (const included of definition.includes) collect(included, table, seen, out);
  }
  for (const tool of registry.getToolNamesForToolset(name)) out.add(tool);
}

/** Union of the enabled toolsets minus the disabled ones; disabled always wins. */
export function resolveToolSelection(enabled: readonly string[] = ["all"], disabled: readonly string[] = []): Set<string> {
  const names = new Set<string>();
  for (const ts of enabled) for (const tool of resolveToolset(ts)) names.add(tool);
  for (const ts of disabled) for (const tool of resolveToolset(ts)) names.delete(tool);
  return names;
}

/**
 * Toolsets: named groups of tools the user enables or disables. A tool's own registration
 * (`registry.register({ toolset })`) says which group it belongs to; this file adds only what
 * the registry cannot know: composites that stand for other toolsets, and what the built-in
 * toolsets are for. Every registered alias resolves too.
 */
import { registry } from "../registry/index.js";

/** A named group: its own tools (usually none: tools join a group by registering) and the toolsets it includes. */
export interface ToolsetDefinition {
  description: string;
  tools: readonly string[];
  includes: readonly string[];
}

export const ALL_TOOLSETS = ["all", "*"] as const;

/** Composite toolsets. `terminal` and `file` hold whatever registered itself there (the built-in tools, and any user tool that joins). */
export const TOOLSETS: Readonly<Record<string, ToolsetDefinition>> = Object.freeze({
  coding: { description: "Everything a coding agent needs: terminal + file", tools: [], includes: ["terminal", "file"] },
});

/** What the built-in toolsets are for, as `quiver tools list` and `/toolsets` show it. */
const BUILTIN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  terminal: "Run shell commands",
  file: "Read, write, search and patch files",
  tool_search: "Find tools by what they do",
};

/** Gives the built-in toolsets their descriptions in the registry (where toolsets are listed from). */
export function describeBuiltinToolsets(): void {
  for (const [toolset, description] of Object.entries(BUILTIN_DESCRIPTIONS)) registry.setToolsetDescription(toolset, description);
}

function isAll(name: string): boolean {
  return (ALL_TOOLSETS as readonly string[]).includes(name);
}

/** True when `name` is a composite, `all`/`*`, a registry toolset or an alias. */
export function validateToolset(name: string): boolean {
  return (
    isAll(name) ||
    Object.hasOwn(TOOLSETS, name) ||
    registry.getToolNamesForToolset(name).length > 0 ||
    registry.getToolsetAliasTarget(name) !== undefined
  );
}

/** Every toolset name a user can pass: composites, registry-known and aliases, sorted. */
export function listToolsetNames(): string[] {
  const names = new Set([...Object.keys(TOOLSETS), ...registry.getRegisteredToolsetNames(), ...Object.keys(registry.getToolsetAliases())]);
  return [...names].sort();
}

/** The tool names a toolset stands for, following includes and aliases; cycle-safe. */
export function resolveToolset(name: string): Set<string> {
  const out = new Set<string>();
  collect(name, new Set(), out);
  return out;
}

function collect(name: string, seen: Set<string>, out: Set<string>): void {
  if (seen.has(name)) return;
  seen.add(name);
  if (isAll(name)) {
    for (const tool of registry.getAllToolNames()) out.add(tool);
    return;
  }
  const target = registry.getToolsetAliasTarget(name);
  if (target !== undefined) collect(target, seen, out);
  const composite = Object.hasOwn(TOOLSETS, name) ? TOOLSETS[name] : undefined;
  if (composite !== undefined) {
    for (const tool of composite.tools) out.add(tool);
    for (const included of composite.includes) collect(included, seen, out);
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

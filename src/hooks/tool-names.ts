/**
 * Claude Code's names for quiver's tools, so a hook written for Claude Code works unchanged: a
 * matcher `Bash` matches `terminal`, and such a hook is sent `tool_name: "Bash"` with the input
 * in Claude Code's shape (`file_path`, absolute), and its `updatedInput` is read back in ours.
 */
import { isAbsolute, resolve } from "node:path";

const CLAUDE_NAMES: Readonly<Record<string, readonly string[]>> = {
  terminal: ["Bash"],
  read_file: ["Read"],
  write_file: ["Write"],
  patch: ["Edit", "MultiEdit"],
  search_files: ["Grep", "Glob"],
  agent: ["Task", "Agent"],
  skill: ["Skill"],
  tool_search: ["ToolSearch"],
};

/** Claude Code's names for a quiver tool (none for most). */
export function claudeNames(tool: string): readonly string[] {
  return CLAUDE_NAMES[tool] ?? [];
}

/** The name a hook that matched by alias is sent: the first Claude Code name. */
export function claudeName(tool: string): string {
  return claudeNames(tool)[0] ?? tool;
}

/** Quiver's arguments as Claude Code would send them: `path` also as an absolute `file_path`. */
export function toClaudeInput(args: Record<string, unknown>, cwd: string): Record<string, unknown> {
  if (typeof args.path !== "string" || "file_path" in args) return args;
  const { path, ...rest } = args;
  return { file_path: isAbsolute(path) ? path : resolve(cwd, path), ...rest };
}

/** A Claude Code hook's `updatedInput` in quiver's terms: `file_path` back to `path`. */
export function fromClaudeInput(input: Record<string, unknown>): Record<string, unknown> {
  if (typeof input.file_path !== "string" || "path" in input) return input;
  const { file_path: path, ...rest } = input;
  return { path, ...rest };
}

/** How MCP servers and their tools are named inside quiver's registry. */
import { createHash } from "node:crypto";
import { ALL_TOOLSETS, TOOLSETS } from "../calls/toolsets.js";

/** OpenAI (and most providers) refuse function names longer than this. */
const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 8;

function sanitizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_]/g, "_");
}

/**
 * `mcp__<server>__<tool>`, sanitised. A name over 64 chars is cut and suffixed with a hash of
 * the raw names, so it stays stable across runs and distinct from its cut siblings.
 */
export function mcpToolName(server: string, tool: string): string {
  const full = `mcp__${sanitizeNamePart(server)}__${sanitizeNamePart(tool)}`;
  if (full.length <= MAX_TOOL_NAME_LENGTH) return full;
  const hash = createHash("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, HASH_LENGTH);
  return `${full.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

export function mcpToolsetName(server: string): string {
  return `mcp-${server}`;
}

/** A name quiver itself uses for a toolset (`file`, `all`, …), which a server alias must not take. */
export function isBuiltinToolsetName(name: string): boolean {
  return Object.hasOwn(TOOLSETS, name) || (ALL_TOOLSETS as readonly string[]).includes(name);
}

/**
 * `$QUIVER_HOME/config.yaml`. The parser and the schema (yaml + zod, tens of ms to load) live in
 * config-schema.ts and are imported only when the file exists, so commands start fast without one.
 *
 * Accepted spellings (normalised to the camelCase names below):
 * - `model: gpt-4o-mini` is short for `model: { name: gpt-4o-mini }`;
 * - snake_case keys: `model.base_url`, `model.api_key`, `model.api_key_env`, `model.max_tokens`,
 *   the `model.compat` flags (`stream_usage`, `max_tokens_field`, `parallel_tool_calls`, `tool_choice`),
 *   `agent.system_prompt`, `agent.max_iterations`, `agent.disabled_toolsets`;
 * - top-level `mcp_servers:` (hermes-agent's spelling) for `mcp.servers`;
 * - `agent.toolsets` / `agent.disabledToolsets` / `tools.alwaysLoad` as a list or a comma-separated string;
 * - `model.context_window`, `tools.always_load`;
 * - a key left empty (`apiKey:` with no value) counts as unset;
 * - `model.provider` picks a built-in preset and `model.compat` overrides its flags (docs/providers.md).
 * - `terminal.env.passthrough`: a list of variable names, or a comma-separated string.
 * Unknown keys inside `model`, `agent`, `tools` and `terminal` are errors (typos would otherwise be silently ignored);
 * unknown top-level sections and `mcp` keys are kept, for other parts of quiver to read.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { QuiverConfig } from "./types.js";
import { quiverHome } from "../registry/index.js";

export type { QuiverConfig } from "./types.js";

export function configPath(home = quiverHome()): string {
  return join(home, "config.yaml");
}

/** Reads `<home>/config.yaml`; a missing file is `{}`. Throws an Error naming the file and the bad key. */
export async function loadConfig(home = quiverHome()): Promise<QuiverConfig> {
  const file = configPath(home);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new Error(`Cannot read config file ${file}: ${(err as Error).message}`);
  }
  const { parseConfig } = await import("./schema.js");
  return parseConfig(text, file);
}

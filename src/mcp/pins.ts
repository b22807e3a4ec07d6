/**
 * Rug-pull pinning: the first time quiver sees a server's tool, its description and input schema
 * are pinned (a hash plus the text) in `$QUIVER_HOME/mcp-pins.json`, keyed by server and tool
 * name. A later listing that differs is withheld until the user accepts it (`quiver mcp accept`),
 * so a server cannot change what a tool claims to do after the user started relying on it.
 * `trust: true` servers are pinned too: trust is about destructive annotations, not rug pulls.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { createLogger, quiverPath } from "../registry/index.js";

const log = createLogger("mcp");

export interface ToolPin {
  hash: string;
  description: string;
  inputSchema: unknown;
  pinnedAt: string;
}

type PinTable = Record<string, Record<string, ToolPin>>;

export function pinsPath(): string {
  return quiverPath("mcp-pins.json");
}

/** What the pin covers: the description and the input schema, with keys in a stable order. */
export function pinOf(tool: Pick<Tool, "description" | "inputSchema">): Omit<ToolPin, "pinnedAt"> {
  const description = tool.description ?? "";
  const inputSchema = sortKeys(tool.inputSchema ?? {});
  const hash = createHash("sha256").update(JSON.stringify({ description, inputSchema })).digest("hex");
  return { hash, description, inputSchema };
}

export function readPins(path = pinsPath()): PinTable {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { servers?: PinTable };
    return parsed.servers ?? {};
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") log.warn(`Cannot read ${path} (${(err as Error).message}); MCP tools are pinned afresh`);
    return {};
  }
}

/** Written to a temp file and renamed, so a crash never leaves half a pin file. */
export function writePins(table: PinTable, path = pinsPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ version: 1, servers: table }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, path);
}

export interface PinVerdict {
  /** Tools whose listing matches their pin (or was pinned just now). */
  allowed: Tool[];
  /** Tools whose description or schema changed since they were pinned. */
  changed: Array<{ tool: Tool; pin: ToolPin }>;
}

/** Pins the server's new tools and sorts the listing into allowed and changed. */
export function checkPins(server: string, tools: readonly Tool[], path = pinsPath()): PinVerdict {
  const table = readPins(path);
  const pins = (table[server] ??= {});
  const verdict: PinVerdict = { allowed: [], changed: [] };
  let added = false;
  for (const tool of tools) {
    const now = pinOf(tool);
    const pin = pins[tool.name];
    if (pin === undefined) {
      pins[tool.name] = { ...now, pinnedAt: new Date().toISOString() };
      added = true;
      verdict.allowed.push(tool);
    } else if (pin.hash === now.hash) verdict.allowed.push(tool);
    else verdict.changed.push({ tool, pin });
  }
  if (added) writePins(table, path);
  return verdict;
}

/** Re-pins `tools` (the server's current listing) as accepted; returns the names re-pinned. */
export function acceptPins(server: string, tools: readonly Tool[], only: string | undefined, path = pinsPath()): string[] {
  const table = readPins(path);
  const pins = (table[server] ??= {});
  const accepted: string[] = [];
  for (const tool of tools) {
    if (only !== undefined && tool.name !== only) continue;
    const now = pinOf(tool);
    if (pins[tool.name]?.hash === now.hash) continue;
    pins[tool.name] = { ...now, pinnedAt: new Date().toISOString() };
    accepted.push(tool.name);
  }
  if (accepted.length > 0) writePins(table, path);
  return accepted;
}

export function withheldMessage(server: string, tool: string): string {
  return (
    `tool "${tool}" of MCP server "${server}" changed since first use (its description or input schema): withheld; ` +
    `review with \`quiver mcp diff ${server}\`, accept with \`quiver mcp accept ${server} ${tool}\``
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

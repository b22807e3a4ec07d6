/**
 * Which stdio servers speak only the 2025 revisions, remembered for a day: the SDK's revision
 * probe on stdio starts a second process of the server's command, which doubles its start-up
 * cost on every `quiver` run. A server known to be 2025-only is connected without the probe; an
 * upgraded one is found when the memory expires (a stale "2025-only" never fails, it only keeps
 * the older revision), so the horizon is kept short.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createHash } from "node:crypto";
import { quiverPath } from "../registry/index.js";
import type { McpServerConfig } from "./config.js";

const HORIZON_MS = 24 * 60 * 60_000;

type Memory = Record<string, { era: "legacy"; at: number }>;

function file(): string {
  return quiverPath("cache", "mcp-revisions.json");
}

function keyOf(config: McpServerConfig): string | undefined {
  if (config.transport !== "stdio") return undefined;
  return createHash("sha256").update(JSON.stringify([config.command, config.args ?? [], config.cwd ?? "", config.sandbox === true])).digest("hex").slice(0, 32);
}

function read(): Memory {
  try {
    return JSON.parse(readFileSync(file(), "utf8")) as Memory;
  } catch {
    return {};
  }
}

/** True when this stdio server was found 2025-only within the horizon. */
export function knownLegacy(config: McpServerConfig, now = Date.now()): boolean {
  const key = keyOf(config);
  if (key === undefined) return false;
  const entry = read()[key];
  return entry !== undefined && now - entry.at < HORIZON_MS;
}

/** Records what a connect found; never throws (the memory is only an optimisation). */
export function rememberEra(config: McpServerConfig, era: "legacy" | "modern" | undefined, now = Date.now()): void {
  const key = keyOf(config);
  if (key === undefined || era === undefined) return;
  const memory = read();
  if (era === "modern" ? memory[key] === undefined : memory[key] !== undefined && now - memory[key].at < HORIZON_MS / 2) return;
  if (era === "modern") delete memory[key];
  else memory[key] = { era, at: now };
  try {
    mkdirSync(dirname(file()), { recursive: true });
    const tmp = `${file()}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(memory), { mode: 0o600 });
    renameSync(tmp, file());
  } catch {
    // A read-only home: probe every time.
  }
}

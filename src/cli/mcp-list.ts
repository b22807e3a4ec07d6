/** `quiver mcp list`: connect the configured servers and show how each one is doing. */
import { configPath } from "../config/config.js";
import { withheldMessage } from "../mcp/pins.js";
import type { McpServerStatus } from "../mcp/status.js";
import { CliError, EXIT } from "./exit-codes.js";
import type { McpListOptions } from "./options.js";
import { startRuntime } from "./runtime.js";

/** The newest server log messages shown per server (all of them are in --json). */
const LOG_LINES_SHOWN = 5;

export async function listMcpServers(opts: McpListOptions): Promise<number> {
  const waitMs = parseWait(opts.wait);
  // Built-in and user tools load first, so collisions with them show up here too.
  const runtime = await startRuntime({ ...(waitMs !== undefined && { mcpWaitMs: waitMs }), report: () => {} });
  try {
    const statuses = runtime.mcp?.status() ?? [];
    if (opts.json === true) process.stdout.write(`${JSON.stringify({ servers: statuses }, null, 2)}\n`);
    else process.stdout.write(statuses.length === 0 ? `No MCP servers configured: add them under mcp.servers in ${configPath()}\n` : render(statuses));
    return statuses.every((s) => s.state === "connected" || s.state === "disabled") ? EXIT.ok : EXIT.failure;
  } finally {
    await runtime.close();
  }
}

function parseWait(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new CliError(`--wait takes a number of seconds, got ${JSON.stringify(raw)}`);
  return seconds * 1000;
}

function render(statuses: McpServerStatus[]): string {
  const rows = statuses.map((s) => [s.name, s.transport, s.state, String(s.toolCount), s.toolset, s.protocolVersion ?? "-"]);
  const header = ["SERVER", "TRANSPORT", "STATE", "TOOLS", "TOOLSET", "REVISION"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ").trimEnd();
  const out = [line(header), ...rows.map(line)];
  for (const s of statuses) {
    if (s.error !== undefined) out.push(`  ${s.name}: ${s.error}${s.failedAttempts > 0 ? " (retrying in the background)" : ""}`);
    for (const tool of s.withheld) out.push(`  ${s.name}: ${withheldMessage(s.name, tool)}`);
    for (const c of s.collisions) out.push(`  ${s.name}: tool "${c.tool}" not registered as "${c.name}": ${c.reason}`);
    for (const line of s.log.slice(-LOG_LINES_SHOWN)) out.push(`  ${s.name} log: ${line}`);
  }
  return `${out.join("\n")}\n`;
}

/**
 * What every command that touches tools needs first: the built-in tools, the user's tools
 * from $QUIVER_HOME/tools, optionally the project's, and the configured MCP servers.
 */
import type { McpManager } from "../mcp/manager.js";
import { loadBuiltinTools } from "../model-tools.js";
import { loadProjectTools, loadUserTools } from "../registry/user-tools.js";

export interface RuntimeOptions {
  /** Connect the MCP servers of config.yaml (default true). */
  mcp?: boolean;
  /** Longest wait for MCP servers before going on without the slow ones (ms). */
  mcpWaitMs?: number;
  /** Load ./.quiver/tools of the current project (opt-in: a cloned repo must not run code silently). */
  projectTools?: boolean;
  /** Where start-up problems are reported (default stderr). */
  report?: (line: string) => void;
}

export interface Runtime {
  mcp: McpManager | undefined;
  close(): Promise<void>;
}

export async function startRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const report = opts.report ?? ((line: string) => process.stderr.write(`${line}\n`));
  await loadBuiltinTools();
  await loadUserTools();
  if (opts.projectTools === true || process.env.QUIVER_PROJECT_TOOLS === "1") await loadProjectTools(process.cwd(), { optIn: true });
  const mcp = opts.mcp === false ? undefined : await connectMcp(opts.mcpWaitMs, report);
  return {
    mcp,
    close: async () => {
      await mcp?.close();
    },
  };
}

async function connectMcp(waitMs: number | undefined, report: (line: string) => void): Promise<McpManager> {
  const { connectConfiguredServers } = await import("../mcp/client.js");
  const manager = await connectConfiguredServers(waitMs !== undefined ? { waitMs } : {});
  for (const problem of manager.problems()) report(`quiver: MCP ${problem}`);
  return manager;
}

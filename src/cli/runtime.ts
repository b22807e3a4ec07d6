/**
 * What every command that touches tools needs first: the built-in tools, the user's tools
 * from $QUIVER_HOME/tools, optionally the project's, and the configured MCP servers.
 */
import { join } from "node:path";
import { loadConfig, type QuiverConfig } from "../config/config.js";
import type { McpManager } from "../mcp/manager.js";
import { loadBuiltinTools } from "../calls/model-tools.js";
import { quiverPath } from "../registry/paths.js";
import { loadProjectTools, loadUserTools } from "../registry/user-tools.js";
import { setTerminalEnvPassthrough } from "../safety/child-env.js";
import { findProjectRoot } from "../safety/project-root.js";
import { loadPermissionRules } from "./permission-config.js";
import { loadHooks } from "./hooks-config.js";
import { setSandboxConfig } from "../sandbox/config.js";
import { CliError } from "./exit-codes.js";
import type { ToolReload, ToolWatcher } from "../registry/watch-tools.js";

export interface RuntimeOptions {
  /** Connect the MCP servers of config.yaml (default true). */
  mcp?: boolean;
  /** The `mcp.servers` section when the caller has already read config.yaml (else it is read here). */
  mcpServers?: unknown;
  /** config.yaml when the caller has already read it (else it is read here). */
  config?: QuiverConfig;
  /** Longest wait for MCP servers before going on without the slow ones (ms). */
  mcpWaitMs?: number;
  /** Load ./.quiver/tools of the current project (opt-in: a cloned repo must not run code silently). */
  projectTools?: boolean;
  /** Where start-up problems are reported (default stderr). */
  report?: (line: string) => void;
  /** Keep the user's (and opted-in project) tools in step with their files: see `watchTools`. */
  watch?: boolean;
  /** `--sandbox <auto|on|off>`: beats config.yaml's sandbox.mode. */
  sandbox?: string;
  /** Registers more tools (chat's agent and skill tools) before the permission rules are checked against the tool names. */
  moreTools?: (project: boolean) => Promise<void>;
}

export interface Runtime {
  mcp: McpManager | undefined;
  /**
   * Waits for MCP servers still connecting, at most until `budgetMs` after start-up, then
   * reports the ones that are not ready (once). Lets a REPL show its prompt at once and wait,
   * if at all, only before the first model call.
   */
  mcpSettled(budgetMs: number): Promise<void>;
  /** Where tool-file reloads are told (the REPL prints them); only with `watch`. */
  onToolReload(listener: (reload: ToolReload) => void): void;
  close(): Promise<void>;
}

export async function startRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const startedAt = Date.now();
  const report = opts.report ?? ((line: string) => process.stderr.write(`${line}\n`));
  const config = opts.config ?? (await loadConfig());
  setTerminalEnvPassthrough(config.terminal?.env?.passthrough ?? []);
  try {
    setSandboxConfig({
      ...(config.sandbox !== undefined && { config: config.sandbox }),
      ...(opts.sandbox !== undefined && { flag: opts.sandbox }),
      passthrough: config.terminal?.env?.passthrough ?? [],
    });
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
  await loadBuiltinTools();
  const project = opts.projectTools === true || process.env.QUIVER_PROJECT_TOOLS === "1";
  let reloadListener: ((reload: ToolReload) => void) | undefined;
  const watchers = opts.watch === true ? await watchUserTools(project, (reload) => reloadListener?.(reload)) : [];
  if (opts.watch !== true) {
    await loadUserTools();
    if (project) await loadProjectTools(findProjectRoot(process.cwd()), { optIn: true });
  }
  await opts.moreTools?.(project);
  // After the tools are registered: a rule naming no tool is an error at load.
  await loadPermissionRules(config, project);
  await loadHooks(config, project);
  const mcp = opts.mcp === false ? undefined : await connectMcp("mcpServers" in opts ? opts : { ...opts, mcpServers: config.mcp?.servers });
  let reported = false;
  const reportProblems = (): void => {
    if (reported || mcp === undefined) return;
    reported = true;
    for (const problem of mcp.problems()) report(`quiver: MCP ${problem}`);
  };
  if (opts.mcpWaitMs !== 0) reportProblems();
  return {
    mcp,
    mcpSettled: async (budgetMs) => {
      const left = budgetMs - (Date.now() - startedAt);
      if (mcp !== undefined && left > 0) await mcp.start({ waitMs: left });
      reportProblems();
    },
    onToolReload: (listener) => void (reloadListener = listener),
    close: async () => {
      await Promise.all(watchers.map((w) => w.close()));
      await mcp?.close();
    },
  };
}

async function watchUserTools(project: boolean, onReload: (reload: ToolReload) => void): Promise<ToolWatcher[]> {
  const { watchTools } = await import("../registry/watch-tools.js");
  // The project root's, as for .quiver/config.yaml: the sandbox guards that one, not a subdirectory's.
  const dirs = [quiverPath("tools"), ...(project ? [join(findProjectRoot(process.cwd()), ".quiver", "tools")] : [])];
  return Promise.all(dirs.map((dir) => watchTools(dir, { onReload })));
}

async function connectMcp(opts: RuntimeOptions): Promise<McpManager> {
  const { connectConfiguredServers } = await import("../mcp/client.js");
  return connectConfiguredServers({
    ...(opts.mcpWaitMs !== undefined && { waitMs: opts.mcpWaitMs }),
    ...("mcpServers" in opts && { servers: opts.mcpServers }),
  });
}

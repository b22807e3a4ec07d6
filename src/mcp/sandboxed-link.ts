/**
 * A stdio MCP server with `sandbox: true` runs in the terminal's OS sandbox: the same
 * read-only host, writable project and private /tmp, hidden credentials, allowlisted
 * environment, and network only through the proxy to the allowed hosts.
 */
import type { Logger } from "../registry/index.js";
import type { McpStdioServerConfig } from "./config.js";
import { openLink, type ServerLink } from "./link.js";

/** The sandboxed link, or throws saying why the server cannot start (mode on without a sandbox). */
export async function openSandboxedLink(config: McpStdioServerConfig, log: Logger): Promise<ServerLink> {
  const sandbox = await import("../sandbox/index.js");
  const decision = sandbox.sandboxDecision();
  if (decision.kind === "refused") throw new Error(decision.message);
  if (decision.kind === "unsandboxed") {
    log.info(`MCP server "${config.name}" runs unsandboxed: ${decision.reason}`);
    return openLink(config, log);
  }
  const cwd = config.cwd ?? process.cwd();
  const env = { ...sandbox.commandEnv(), ...config.env };
  const wrapped = await sandbox.wrapCommand([config.command, ...config.args], decision.backend, { cwd, env });
  const link = openLink({ ...config, command: wrapped.file, args: [...wrapped.args], env: wrapped.env as Record<string, string>, cwd }, log);
  let finished: Promise<unknown> | undefined;
  const finish = (): Promise<unknown> => (finished ??= wrapped.finish({ command: config.command, output: link.stderrTail() }).then((blocked) => {
    if (blocked !== undefined) log.info(`MCP server "${config.name}": ${blocked}`);
  }));
  return {
    ...link,
    terminate: () => {
      link.terminate();
      void finish();
    },
    endSession: async () => {
      await link.endSession();
      await finish();
    },
  };
}

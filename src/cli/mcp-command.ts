import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { McpListOptions } from "./options.js";

export function registerMcpCommand(program: Command): void {
  const mcp = program.command("mcp").description("the MCP servers configured under mcp.servers in config.yaml");
  mcp
    .command("list")
    .description("each server with its state (connected/connecting/failed, with the error) and tool count")
    .option("--json", "machine-readable output")
    .option("--wait <seconds>", "wait at most this long for servers to connect (default: each server's connectTimeout)")
    .addHelpText(
      "after",
      `\nConfigure servers in $QUIVER_HOME/config.yaml:\n  mcp:\n    servers:\n      everything:\n        command: npx\n        args: ["-y", "@modelcontextprotocol/server-everything"]\n      remote:\n        url: https://example.com/mcp\n        headers: { Authorization: "Bearer …" }\n\nExit codes: 0 every enabled server connected, 1 some did not.`,
    )
    .action((opts: McpListOptions) => runAction(async () => (await import("./mcp-list.js")).listMcpServers(opts)));
}

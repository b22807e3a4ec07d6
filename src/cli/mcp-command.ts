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
  mcp
    .command("login <server>")
    .description("sign in to an OAuth-protected HTTP server: opens the browser ($BROWSER), or paste the URL it ends on")
    .action((server: string) => runAction(async () => (await import("./mcp-login.js")).loginMcpServer(server)));
  mcp
    .command("logout <server>")
    .description("forget the server's OAuth tokens")
    .action((server: string) => runAction(async () => (await import("./mcp-login.js")).logoutMcpServer(server)));
  mcp
    .command("diff <server>")
    .description("show how the server's tools changed since first use (a changed tool is withheld until accepted)")
    .action((server: string) => runAction(async () => (await import("./mcp-pins.js")).diffMcpPins(server)));
  mcp
    .command("accept <server> [tool]")
    .description("accept the server's changed tools (or just this one), pinning what it offers now")
    .action((server: string, tool: string | undefined) => runAction(async () => (await import("./mcp-pins.js")).acceptMcpPins(server, tool)));
}

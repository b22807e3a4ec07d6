import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import { DEFAULT_SERVE_PORT, type ServeOptions } from "./options.js";

export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("expose quiver's tools to any MCP client (Claude Desktop, IDEs, other agents)")
    .option("--stdio", "speak MCP on stdin/stdout (the default)")
    .option("--http", "serve MCP over Streamable HTTP instead")
    .option("--port <n>", `HTTP port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)`)
    .option("--host <address>", "HTTP bind address (default 127.0.0.1; any other address requires --token)")
    .option("--token <secret>", "require Authorization: Bearer <secret> on every HTTP request (or set QUIVER_SERVE_TOKEN)")
    .option("--stateless", "HTTP without sessions: any instance behind a load balancer can serve any request (or serve.stateless)")
    .option("--store <url>", "where stateless instances share stream events: memory (default) or redis://host:port (or serve.store)")
    .option("--advertise-url <url>", "this instance's MCP endpoint as the other stateless instances reach it (default: the bound address)")
    .option("-t, --toolsets <list>", "only these toolsets (comma-separated, default all)")
    .option("--disable-toolsets <list>", "never these toolsets (comma-separated)")
    .option("--allow-dangerous", "run dangerous terminal commands without approval (catastrophic ones are always refused)")
    .option("--sandbox <mode>", "OS sandbox for terminal commands: auto (default: where the OS allows), on (refuse without one) or off (beats sandbox.mode; --yes never turns it off)")
    .option("--no-mcp", "do not connect the MCP servers of config.yaml")
    .addHelpText(
      "after",
      `\nExamples:\n  quiver serve                                   stdio, for Claude Desktop and other local clients\n  quiver serve --http --port 8765                http://127.0.0.1:8765/mcp\n  quiver serve --http --host 0.0.0.0 --token s3cret --toolsets file\n  quiver serve --http --stateless --store redis://127.0.0.1:6379   one of several instances\n\nA remote client cannot approve dangerous commands, so they are refused unless --allow-dangerous.`,
    )
    .action((opts: ServeOptions) => runAction(async () => (await import("./serve.js")).runServe(opts)));
}

import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { ToolsCommonOptions } from "./options.js";

export function registerToolsCommand(program: Command): void {
  const tools = program
    .command("tools")
    .description("list, inspect and call tools from the shell, with no model involved")
    .option("--no-mcp", "do not connect the MCP servers of config.yaml")
    .option("--project-tools", "also load .quiver/tools of the current project, its git root (runs its code)");

  tools
    .command("list")
    .description("every tool by toolset, with availability, missing env vars and emoji")
    .option("--json", "machine-readable output")
    .option("-t, --toolsets <list>", "only these toolsets (comma-separated)")
    .action((opts: { json?: boolean; toolsets?: string }) =>
      runAction(async () => (await import("./tools-cli.js")).listTools({ ...tools.opts<ToolsCommonOptions>(), ...opts })),
    );

  tools
    .command("show")
    .description("the definition the model sees for one tool")
    .argument("<name>", "tool name")
    .action((name: string) => runAction(async () => (await import("./tools-cli.js")).showTool(name, tools.opts<ToolsCommonOptions>())));

  tools
    .command("call")
    .description("run one tool the way the agent would, and print its result")
    .argument("<name>", "tool name")
    .argument("[args]", "arguments as a JSON object, or - to read them from stdin", "{}")
    .option("-y, --yes", "approve dangerous commands without asking (catastrophic ones are still refused)")
    .option("--sandbox <mode>", "OS sandbox for terminal commands: auto (default: where the OS allows), on (refuse without one) or off (beats sandbox.mode; --yes never turns it off)")
    .addHelpText("after", `\nExamples:\n  quiver tools call terminal '{"command":"ls -la"}'\n  echo '{"path":"README.md"}' | quiver tools call read_file -\n\nExit codes: 0 ok, 1 the tool returned an error, 2 usage error (unknown tool, bad JSON).`)
    .action((name: string, args: string, opts: { yes?: boolean; sandbox?: string }) =>
      runAction(async () => (await import("./tools-cli.js")).callTool(name, args, { ...tools.opts<ToolsCommonOptions>(), ...opts })),
    );
}

/**
 * The `quiver` command (loaded by main.ts). Each subcommand registers itself from a light module; the heavy work
 * (tools, the model client, MCP) is imported only when a command actually runs, so `--help`
 * and `quiver tools list` start fast.
 */
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerChatCommand } from "./chat-command.js";
import { registerCheckpointsCommands } from "./checkpoints-command.js";
import { registerDoctorCommand } from "./doctor-command.js";
import { registerMcpCommand } from "./mcp-command.js";
import { registerHooksCommand } from "./hooks-command.js";
import { registerModelsCommand } from "./models-command.js";
import { registerPolicyCommand } from "./policy-command.js";
import { registerServeCommand } from "./serve-command.js";
import { registerSessionsCommand } from "./sessions-command.js";
import { registerToolsCommand } from "./tools-command.js";
import { configureUsageErrors } from "./usage-errors.js";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

const program = new Command()
  .name("quiver")
  .description("An agent runtime built on a declarative tool registry: chat with any OpenAI-compatible model that uses tools.")
  .version(pkg.version, "-V, --version")
  .option("-v, --verbose", "log what quiver does to stderr (same as QUIVER_LOG_LEVEL=debug)")
  .option("--debug", "the same as --verbose (MCP servers' log messages included)")
  .showSuggestionAfterError(true)
  .addHelpText(
    "after",
    `
Examples:
  quiver chat                                  talk to the configured model (interactive); none set: offers a local one
  quiver chat --model local:qwen3-1.7b         a model run in-process, no account (quiver models pull qwen3-1.7b)
  quiver chat -p "summarise README.md"         one-shot: print the answer and exit
  quiver tools list                            every tool, by toolset, with availability
  quiver tools call read_file '{"path":"README.md","limit":20}'
  quiver serve                                 expose the tools to any MCP client (stdio)
  quiver doctor                                check the model endpoint and configuration
  quiver undo                                  restore the files the last turn changed
  quiver policy explain "git push --force"     what the guard and permission rules decide, and why

Data lives in $QUIVER_HOME (default ~/.quiver): config.yaml, sessions/, tools/, cache/, models/, checkpoints/.`,
  );

// Before the subcommands are added: each copies these settings (exit 2 on usage errors).
configureUsageErrors(program);

program.hook("preAction", async (cmd) => {
  const globals = cmd.optsWithGlobals();
  if (globals.verbose === true || globals.debug === true) {
    const { setLogLevel } = await import("../registry/logger.js");
    setLogLevel("debug");
  }
});

registerChatCommand(program);
registerToolsCommand(program);
registerSessionsCommand(program);
registerMcpCommand(program);
registerServeCommand(program);
registerDoctorCommand(program);
registerCheckpointsCommands(program);
registerModelsCommand(program);
registerPolicyCommand(program);
registerHooksCommand(program);

await program.parseAsync(process.argv);

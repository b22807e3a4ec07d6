import type { Command } from "commander";
import { runAction } from "./exit-codes.js";

export function registerCheckpointsCommands(program: Command): void {
  program
    .command("undo")
    .description("restore the project's files to before the last turn's first write (itself undoable)")
    .option("--to <id>", "restore this checkpoint instead (see `quiver checkpoints list`)")
    .option("--json", "machine-readable output")
    .addHelpText("after", `\nExamples:\n  quiver undo                  undo the last turn's changes (again: the turn before)\n  quiver undo --to 1a2b3c4d5e6f   restore a named checkpoint (e.g. the one an undo printed, to redo)`)
    .action((opts: { to?: string; json?: boolean }) => runAction(async () => (await import("./checkpoints-cli.js")).undoCommand(opts)));

  const checkpoints = program.command("checkpoints").description("the project's checkpoints (taken before each turn's first write)");
  checkpoints
    .command("list")
    .description("this project's checkpoints, newest first: id, age, trigger, files changed since, session")
    .option("--json", "machine-readable output")
    .option("-n, --limit <n>", "show at most this many (default 20)")
    .action((opts: { json?: boolean; limit?: string }) => runAction(async () => (await import("./checkpoints-cli.js")).listCheckpointsCommand(opts)));
}

/** `quiver hooks list`: the hooks in force, by event, with where each comes from. */
import type { Command } from "commander";
import { runAction } from "./exit-codes.js";

export function registerHooksCommand(program: Command): void {
  const hooks = program.command("hooks").description("hooks run around tool calls and turns (Claude Code's protocol; docs/extending.md)");
  hooks
    .command("list")
    .description("the configured hooks: event, matcher, command, timeout and source")
    .option("--json", "print JSON")
    .option("--project-tools", "include the project's .quiver/config.yaml hooks (as chat --project-tools would)")
    .action((opts: { json?: boolean; projectTools?: boolean }) => runAction(async () => (await import("./hooks-list.js")).listHooks(opts)));
}

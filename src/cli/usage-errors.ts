/**
 * How the command line reports what the user got wrong: one line on stderr, "did you mean" where
 * a flag is close to one quiver has (or a well-known flag of other agents), and exit 2 (usage).
 */
import type { Command } from "commander";
import { closestNames } from "../registry/suggest.js";
import { EXIT } from "./exit-codes.js";

/** Flags other agent CLIs use for what quiver's `--yes` does. */
const FLAG_ALIASES: Readonly<Record<string, string>> = {
  "--yolo": "--yes",
  "--auto-approve": "--yes",
  "--dangerously-skip-permissions": "--yes",
  "--full-auto": "--yes",
  "--force": "--yes",
};

/** Call before the subcommands are added: commander copies these settings into each of them. */
export function configureUsageErrors(program: Command): Command {
  return program
    .configureOutput({ outputError: (message, write) => write(usageLine(message, knownFlags(program))) })
    .exitOverride((err) => process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage));
}

/** Commander's "error: unknown option '--yolo'\n(Did you mean --yes?)" as one line with our own hint. */
export function usageLine(message: string, flags: readonly string[]): string {
  const text = message.replace(/^error: /, "").replace(/\s*\(Did you mean (.+)\?\)\s*$/s, " (did you mean $1?)").trim();
  const unknown = /^unknown option '([^']+)'$/.exec(text)?.[1];
  if (unknown === undefined) return `quiver: ${text}\n`;
  const near = FLAG_ALIASES[unknown] ?? closestNames(unknown, flags, 1)[0];
  return `quiver: ${text}${near === undefined ? "" : ` (did you mean ${near}?)`}; see --help\n`;
}

/** Every long flag of the program and its subcommands. */
function knownFlags(program: Command): string[] {
  const flags = new Set<string>();
  const visit = (command: Command): void => {
    for (const option of command.options) if (option.long !== undefined) flags.add(option.long);
    command.commands.forEach(visit);
  };
  visit(program);
  return [...flags];
}

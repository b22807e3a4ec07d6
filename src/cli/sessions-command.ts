import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { SessionsOptions } from "./options.js";

export function registerSessionsCommand(program: Command): void {
  program
    .command("sessions")
    .description("list saved chat sessions, or print one (resume with `quiver chat --resume <id>`)")
    .argument("[id]", "a session id (or unique prefix) to print its transcript")
    .option("--json", "machine-readable output")
    .option("-n, --limit <n>", "show at most this many sessions (default 20)")
    .addHelpText(
      "after",
      `\nExamples:\n  quiver sessions                       the 20 most recent sessions\n  quiver sessions 20250101-1205         print that session's transcript\n  quiver chat --resume 20250101-1205    continue it`,
    )
    .action((id: string | undefined, opts: SessionsOptions) =>
      runAction(async () => {
        const sessions = await import("./sessions.js");
        return id === undefined ? sessions.listSessionsCommand(opts) : sessions.showSessionCommand(id, opts);
      }),
    );
}

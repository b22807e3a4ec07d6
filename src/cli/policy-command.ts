/** `quiver policy explain`: what the guard and the permission rules say about a command or a call, without running it. */
import type { Command } from "commander";
import { runAction } from "./exit-codes.js";

export function registerPolicyCommand(program: Command): void {
  const policy = program.command("policy").description("see what the guard and the permission rules decide, without running anything");
  policy
    .command("explain")
    .description("the verdict on a terminal command (or, with --tool, on another tool's call), each inner command's, and what decided")
    .argument("<input>", "the shell command; with --tool, the call's arguments as JSON")
    .option("--tool <name>", "explain a call of this tool instead, e.g. --tool write_file '{\"path\":\"src/a.ts\"}'")
    .option("--json", "machine-readable output")
    .option("--project-tools", "also load ./.quiver/tools and the project's .quiver/config.yaml permissions (as chat --project-tools does)")
    .addHelpText(
      "after",
      `\nExamples:\n  quiver policy explain "npm run test && git push --force"\n  quiver policy explain --json "rm -rf build"\n  quiver policy explain --tool write_file '{"path":"src/a.ts"}'\n\nVerdicts: allow, ask, deny (a permission rule), refuse (the guard's hard line).\nExit code 0 whatever the verdict (it is in the output); 2 for a bad rule in the config or bad arguments.`,
    )
    .action((input: string, opts: { tool?: string; json?: boolean; projectTools?: boolean }) =>
      runAction(async () => (await import("./policy-explain.js")).explainPolicy(input, opts)),
    );
}

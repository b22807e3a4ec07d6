import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { DoctorOptions } from "./options.js";

export function registerDoctorCommand(program: Command): void {
  program
    .command("doctor")
    .description("check the configuration, the model endpoint, the model, toolsets and MCP servers; say how to fix each problem")
    .option("-m, --model <name>", "check this model instead of the configured one")
    .option("--base-url <url>", "check this endpoint instead of the configured one")
    .option("--provider <name>", "check this provider preset instead of the configured one")
    .option("--no-mcp", "skip the MCP servers of config.yaml")
    .option("--json", "machine-readable output")
    .option("--threads <n>", "local models: CPU threads")
    .option("--gpu <kind>", "local models: auto (default), off, cuda, vulkan or metal")
    .addHelpText("after", "\nExit codes: 0 nothing broken (warnings allowed), 1 something is broken.")
    .action((opts: DoctorOptions) => runAction(async () => (await import("./doctor.js")).runDoctor(opts)));
}

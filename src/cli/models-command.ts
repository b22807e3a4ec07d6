import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { PullCommandOptions } from "./options.js";

export function registerModelsCommand(program: Command): void {
  const models = program.command("models").description("local models run in-process (GGUF): list, pull, rm, runtime; use one with --model local:<name>");
  models
    .command("list", { isDefault: true })
    .description("the models you pulled and the ones quiver knows by name")
    .option("--json", "machine-readable output")
    .action((opts: { json?: boolean }) => runAction(async () => (await import("./models.js")).listModels(opts)));
  models
    .command("pull <name>")
    .description("download a model to $QUIVER_HOME/models: a known name, hf:<user>/<repo>:<quant>, or an https:// URL of a .gguf")
    .option("--sha256 <hex>", "expected SHA-256 of the file; the download is deleted if it differs")
    .addHelpText("after", "\nAn interrupted pull resumes where it stopped when run again.")
    .action((name: string, opts: PullCommandOptions) => runAction(async () => (await import("./models.js")).pull(name, opts)));
  models
    .command("runtime")
    .description("install the local model runtime (node-llama-cpp, this platform's build only) into $QUIVER_HOME/runtime")
    .action(() => runAction(async () => (await import("./llama-runtime.js")).runtimeCommand()));
  models
    .command("rm <name>")
    .description("delete a pulled model (by name, URI or file name)")
    .action((name: string) => runAction(async () => (await import("./models.js")).remove(name)));
}

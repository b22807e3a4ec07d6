/**
 * No model configured: rather than stop, `quiver chat` runs the default local model. Already
 * pulled: it is used, with a note. On a terminal: the user is asked before a download. Without
 * one nobody can answer, so the error names the exact commands instead.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { DEFAULT_LOCAL_MODEL, LOCAL_PREFIX, findCatalogModel, type GpuChoice, type LocalClientOptions } from "../llm/index.js";
import { MISSING_RUNTIME_HELP, isLlamaCppInstalled } from "../llm/local/runtime.js";
import { findStored } from "../llm/local/store.js";
import { CliError, EXIT } from "./exit-codes.js";
import { offerRuntimeInstall } from "./llama-runtime.js";
import { modelsDir, pullWithProgress } from "./models.js";

type In = NodeJS.ReadableStream & { isTTY?: boolean };
type Out = NodeJS.WritableStream & { isTTY?: boolean };

export interface OfferIO {
  input?: In;
  output?: Out;
  /** Replaces the download (tests). */
  pull?: (name: string) => Promise<unknown>;
  /** Replaces the runtime's install question (tests). */
  installRuntime?: (input: In, output: Out) => Promise<boolean>;
}

/** The `local:` model to use, or a CliError carrying `noModelMessage` plus the local way out. */
export async function offerLocalModel(noModelMessage: string, io: OfferIO = {}): Promise<string> {
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stderr;
  const interactive = input.isTTY === true && output.isTTY === true;
  // Without the runtime a download would be wasted: install it first (asked), or say how.
  if (!isLlamaCppInstalled()) {
    const installed = interactive && (await (io.installRuntime ?? offerRuntimeInstall)(input, output));
    if (!installed) throw new CliError(`${noModelMessage}\n${MISSING_RUNTIME_HELP}`, EXIT.usage);
  }
  const name = DEFAULT_LOCAL_MODEL;
  const model = `${LOCAL_PREFIX}${name}`;
  const stored = await findStored(modelsDir(), name);
  if (stored !== undefined && existsSync(join(modelsDir(), stored.file))) {
    output.write(`quiver: no model configured; using the local model ${name} (set one with --model, QUIVER_MODEL or model.name).\n`);
    return model;
  }
  const catalog = findCatalogModel(name);
  const how = `Or run a model on this machine, no account needed:\n  quiver models pull ${name}\n  quiver chat --model ${model}`;
  if (!interactive) throw new CliError(`${noModelMessage}\n${how}`, EXIT.usage);
  output.write(`No model is configured.\n`);
  const question =
    `Download ${name} (~${catalog?.approxSize}, ${catalog?.license}, needs ~${catalog?.approxMemory} RAM) and run it on this machine? [Y/n] `;
  const rl = createInterface({ input, output, terminal: false });
  const answer = (await rl.question(question).finally(() => rl.close())).trim().toLowerCase();
  if (answer !== "" && answer !== "y" && answer !== "yes") throw new CliError(`${noModelMessage}\n${how}`, EXIT.usage);
  await (io.pull ?? pullWithProgress)(name);
  output.write(`Using ${model}. Next time: quiver chat --model ${model} (or set model.name in config.yaml).\n`);
  return model;
}

const GPU_CHOICES: Record<string, GpuChoice> = { auto: "auto", off: false, cpu: false, cuda: "cuda", vulkan: "vulkan", metal: "metal" };

/** --threads and --gpu, checked, plus the models directory. */
export function localOptions(threads: string | undefined, gpu: string | undefined): LocalClientOptions {
  const options: LocalClientOptions = { modelsDir: modelsDir() };
  if (threads !== undefined) {
    const n = Number(threads);
    if (!Number.isInteger(n) || n < 1) throw new CliError(`--threads must be a whole number of at least 1, got "${threads}"`);
    options.threads = n;
  }
  if (gpu !== undefined) {
    const choice = GPU_CHOICES[gpu.toLowerCase()];
    if (choice === undefined) throw new CliError(`--gpu must be one of ${Object.keys(GPU_CHOICES).join(", ")}; got "${gpu}"`);
    options.gpu = choice;
  }
  return options;
}

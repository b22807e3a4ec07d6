/**
 * `quiver models runtime`, and the question asked before a local model needs the runtime: the
 * install of node-llama-cpp (this platform's build only) with a progress bar on stderr.
 */
import { createInterface } from "node:readline/promises";
import { APPROX_RUNTIME_MB, installLlamaRuntime, platformBuild } from "../llm/local/runtime-install.js";
import { LLAMA_CPP_VERSION, isLlamaCppInstalled, runtimeDir } from "../llm/local/runtime.js";
import { CliError, EXIT } from "./exit-codes.js";
import { createProgressBar } from "./progress-bar.js";

type In = NodeJS.ReadableStream & { isTTY?: boolean };
type Out = NodeJS.WritableStream & { isTTY?: boolean };

export async function installRuntimeWithProgress(out: Out = process.stderr): Promise<void> {
  const dir = runtimeDir();
  const build = platformBuild();
  out.write(`Installing the local model runtime (node-llama-cpp ${LLAMA_CPP_VERSION}, ${build}) into ${dir}\n`);
  const bar = createProgressBar(out);
  const totalBytes = APPROX_RUNTIME_MB * 1_000_000;
  try {
    await installLlamaRuntime({ dir, onProgress: (bytes) => bar.update({ totalBytes: Math.max(totalBytes, bytes), downloadedBytes: bytes }) });
  } catch (err) {
    throw new CliError(`could not install the local model runtime: ${(err as Error).message}`, EXIT.failure);
  } finally {
    bar.done();
  }
}

/** The command: installs, or says it is there already. */
export async function runtimeCommand(): Promise<number> {
  if (isLlamaCppInstalled()) {
    process.stdout.write(`The local model runtime (node-llama-cpp ${LLAMA_CPP_VERSION}) is installed.\n`);
    return EXIT.ok;
  }
  await installRuntimeWithProgress();
  process.stdout.write(`Installed node-llama-cpp ${LLAMA_CPP_VERSION} in ${runtimeDir()}.\n`);
  return EXIT.ok;
}

/** On a terminal: asks, then installs; false when the user declines. */
export async function offerRuntimeInstall(input: In, output: Out): Promise<boolean> {
  const question = `The local model runtime is not installed: install node-llama-cpp ${LLAMA_CPP_VERSION} (~${APPROX_RUNTIME_MB} MB, ${platformBuild()}) into ${runtimeDir()}? [Y/n] `;
  const rl = createInterface({ input, output, terminal: false });
  const answer = (await rl.question(question).finally(() => rl.close())).trim().toLowerCase();
  if (answer !== "" && answer !== "y" && answer !== "yes") return false;
  await installRuntimeWithProgress(output);
  return true;
}

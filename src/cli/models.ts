/** `quiver models list|pull|rm`: the GGUF models in $QUIVER_HOME/models. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LOCAL_MODEL, MODEL_CATALOG, ModelError, isAbortError } from "../llm/index.js";
import { pullModel, pullUri } from "../llm/local/pull.js";
import { readManifest, removeModel, type StoredModel } from "../llm/local/store.js";
import { quiverPath } from "../registry/index.js";
import { CliError, EXIT } from "./exit-codes.js";
import type { PullCommandOptions } from "./options.js";
import { createProgressBar, formatBytes } from "./progress-bar.js";

export function modelsDir(): string {
  return quiverPath("models");
}

export async function listModels(opts: { json?: boolean }): Promise<number> {
  const dir = modelsDir();
  const pulled = (await readManifest(dir)).filter((model) => existsSync(join(dir, model.file)));
  if (opts.json === true) {
    process.stdout.write(`${JSON.stringify({ dir, pulled, known: MODEL_CATALOG }, null, 2)}\n`);
    return EXIT.ok;
  }
  const out: string[] = [`Pulled (${dir}):`];
  if (pulled.length === 0) out.push(`  none yet: quiver models pull ${DEFAULT_LOCAL_MODEL}`);
  for (const model of pulled) out.push(`  ${model.name.padEnd(28)} ${formatBytes(model.sizeBytes).padStart(9)}  ${model.file}  → --model local:${model.name}`);
  out.push("", "Known by name (quiver models pull <name>):");
  for (const model of MODEL_CATALOG) {
    const mark = model.name === DEFAULT_LOCAL_MODEL ? " (default)" : "";
    out.push(`  ${(model.name + mark).padEnd(28)} ~${model.approxSize.padEnd(8)} needs ~${model.approxMemory} RAM  ${model.license}  ${model.uri}`);
  }
  out.push("", "Any GGUF works too: --model local:./file.gguf, or pull an hf:<user>/<repo>:<quant> URI.");
  process.stdout.write(`${out.join("\n")}\n`);
  return EXIT.ok;
}

/** Downloads with a progress bar on stderr; Ctrl-C stops it, and running the pull again resumes. */
export async function pullWithProgress(name: string, opts: PullCommandOptions = {}): Promise<StoredModel> {
  // An unknown name is a usage error, said before anything suggests a download started.
  try {
    pullUri(name);
  } catch (err) {
    if (err instanceof ModelError) throw new CliError(err.message, EXIT.usage);
    throw err;
  }
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once("SIGINT", onSigint);
  const bar = createProgressBar(process.stderr);
  process.stderr.write(`Downloading ${name} to ${modelsDir()}\n`);
  try {
    const stored = await pullModel(name, {
      modelsDir: modelsDir(),
      signal: controller.signal,
      onProgress: (progress) => bar.update(progress),
      ...(opts.sha256 === undefined ? {} : { sha256: opts.sha256 }),
    });
    bar.done();
    return stored;
  } catch (err) {
    bar.done();
    if (isAbortError(err)) throw new CliError(`download of ${name} interrupted; run \`quiver models pull ${name}\` again to resume it.`, EXIT.interrupted);
    if (err instanceof ModelError) throw new CliError(err.message, EXIT.failure);
    throw err;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

export async function pull(name: string, opts: PullCommandOptions): Promise<number> {
  const stored = await pullWithProgress(name, opts);
  process.stdout.write(`Pulled ${stored.file} (${formatBytes(stored.sizeBytes)}, sha256 ${stored.sha256}).\nUse it: quiver chat --model local:${name}\n`);
  return EXIT.ok;
}

export async function remove(name: string): Promise<number> {
  const removed = await removeModel(modelsDir(), name);
  if (removed === undefined) throw new CliError(`no pulled model matches "${name}"; see \`quiver models list\`.`);
  process.stdout.write(`Removed ${removed.file} (${formatBytes(removed.sizeBytes)}).\n`);
  return EXIT.ok;
}

/**
 * The models directory ($QUIVER_HOME/models): GGUF files plus `models.json`, which records what
 * each pulled file came from, its size and SHA-256. Resolving a name or URI reads only this
 * record, so a pulled model works offline.
 */
import { existsSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { ModelError } from "../errors.js";
import { findCatalogModel, isModelUri } from "./catalog.js";

export interface StoredModel {
  /** What it was pulled as: a catalogue name or a URI. */
  name: string;
  uri: string;
  file: string;
  sizeBytes: number;
  sha256: string;
  pulledAt: string;
}

const MANIFEST = "models.json";

export async function readManifest(modelsDir: string): Promise<StoredModel[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(modelsDir, MANIFEST), "utf8"));
    return Array.isArray(parsed) ? (parsed as StoredModel[]) : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new Error(`${join(modelsDir, MANIFEST)} is unreadable (${(err as Error).message}); delete it and pull the models again.`);
  }
}

export async function recordModel(modelsDir: string, entry: StoredModel): Promise<void> {
  const others = (await readManifest(modelsDir)).filter((model) => model.name !== entry.name && model.file !== entry.file);
  await writeFile(join(modelsDir, MANIFEST), `${JSON.stringify([...others, entry], null, 2)}\n`);
}

/** Finds a pulled model by name, URI or file name. */
export async function findStored(modelsDir: string, spec: string): Promise<StoredModel | undefined> {
  const uri = findCatalogModel(spec)?.uri ?? spec;
  return (await readManifest(modelsDir)).find((model) => model.name === spec || model.uri === uri || model.file === spec);
}

/** Deletes a pulled model and its record; returns what was removed (undefined: nothing matched). */
export async function removeModel(modelsDir: string, spec: string): Promise<StoredModel | undefined> {
  const entry = await findStored(modelsDir, spec);
  if (entry === undefined) return undefined;
  await rm(join(modelsDir, entry.file), { force: true });
  const rest = (await readManifest(modelsDir)).filter((model) => model !== entry && model.file !== entry.file);
  await writeFile(join(modelsDir, MANIFEST), `${JSON.stringify(rest, null, 2)}\n`);
  return entry;
}

/**
 * `local:<spec>` to a file: a GGUF path as is; a catalogue name or URI through the models
 * directory. Never downloads: a model not pulled yet is an error that names the pull command.
 */
export async function resolveLocalModel(spec: string, modelsDir: string | undefined): Promise<string> {
  if (spec === "") throw new ModelError("--model local: needs a model: local:<name>, local:<file.gguf> or local:hf:<user>/<repo>:<quant>.", { kind: "bad_request", retryable: false });
  if (!isModelUri(spec) && findCatalogModel(spec) === undefined) {
    const path = resolve(spec);
    if (existsSync(path) && (await stat(path)).isFile()) return path;
    const inDir = modelsDir === undefined ? undefined : join(modelsDir, basename(spec));
    if (inDir !== undefined && existsSync(inDir)) return inDir;
    throw new ModelError(`Local model file ${path} does not exist. Give a GGUF file path, or pull one: quiver models pull <name or hf: URI>.`, {
      kind: "not_found",
      retryable: false,
    });
  }
  const stored = modelsDir === undefined ? undefined : await findStored(modelsDir, spec);
  if (stored === undefined || modelsDir === undefined || !existsSync(join(modelsDir, stored.file))) {
    throw new ModelError(`Local model ${spec} is not downloaded yet. Download it with: quiver models pull ${spec}`, { kind: "not_found", retryable: false });
  }
  return join(modelsDir, stored.file);
}

/**
 * Models quiver knows by a short name. The default is small enough for a laptop's CPU and good
 * at tool calls for its size; docs/local.md says why it was chosen.
 */
/** `--model local:<name | file.gguf | hf: URI>` selects the in-process provider. */
export const LOCAL_PREFIX = "local:";

export function isLocalModel(model: string): boolean {
  return model.startsWith(LOCAL_PREFIX);
}

/** Where a model runs, for people: its endpoint, or "this process" for a local one. */
export function modelLocation(model: string, baseUrl: string): string {
  return isLocalModel(model) ? "this process (local)" : baseUrl;
}

export interface CatalogModel {
  name: string;
  /** node-llama-cpp model URI (`hf:<user>/<repo>:<quant>`). */
  uri: string;
  license: string;
  /** Download size, roughly, for the consent prompt. */
  approxSize: string;
  /** Memory it needs to run with quiver's default context, roughly. */
  approxMemory: string;
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  { name: "qwen3-1.7b", uri: "hf:unsloth/Qwen3-1.7B-GGUF:Q4_K_M", license: "Apache-2.0", approxSize: "1.1 GB", approxMemory: "3 GB" },
  { name: "qwen3-4b", uri: "hf:unsloth/Qwen3-4B-GGUF:Q4_K_M", license: "Apache-2.0", approxSize: "2.5 GB", approxMemory: "5 GB" },
];

export const DEFAULT_LOCAL_MODEL = "qwen3-1.7b";

export function findCatalogModel(name: string): CatalogModel | undefined {
  return MODEL_CATALOG.find((model) => model.name === name.toLowerCase());
}

/** A URI node-llama-cpp downloads from (as opposed to a file path). */
export function isModelUri(spec: string): boolean {
  return /^(hf:|huggingface:|https?:\/\/)/i.test(spec);
}

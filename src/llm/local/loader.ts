/**
 * Loads a GGUF once per process (per file and hardware settings): the runtime, the weights and
 * one context whose size fits the machine's memory. Every later request reuses them, so a
 * conversation pays the load once and the context's KV cache keeps the common prefix.
 */
import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import { loadLlamaCpp } from "./runtime.js";

export type GpuChoice = "auto" | false | "cuda" | "vulkan" | "metal";

export interface LoadOptions {
  /** CPU threads for generation; default: what node-llama-cpp picks for the machine. */
  threads?: number;
  /** "auto" (default): CUDA, Metal or Vulkan when present, else CPU; `false` forces the CPU. */
  gpu?: GpuChoice;
  /** Upper bound on the context, in tokens; the actual size is the largest that fits in memory up to it. */
  maxContextSize?: number;
}

export interface LoadedModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  /** The context's one sequence, shared by every client of this model in the process. */
  sequence: LlamaContextSequence;
  /** Runs `task` when no other generation on this model is running (one sequence, one at a time). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Wall time of the load, in ms (reported by `quiver doctor`). */
  loadMs: number;
  /** "cpu", "cuda", "metal" or "vulkan". */
  device: string;
}

/** Long contexts cost memory and prompt time; 16k tokens holds a tool-using session comfortably. */
const DEFAULT_MAX_CONTEXT = 16_384;

const loaded = new Map<string, Promise<LoadedModel>>();

export function loadModel(modelPath: string, options: LoadOptions = {}): Promise<LoadedModel> {
  const key = JSON.stringify([modelPath, options.threads, options.gpu, options.maxContextSize]);
  let entry = loaded.get(key);
  if (entry === undefined) {
    entry = load(modelPath, options);
    loaded.set(key, entry);
    // A failed load (a bad file) is not cached: the next request reports it again, or succeeds once fixed.
    entry.catch(() => loaded.delete(key));
  }
  return entry;
}

async function load(modelPath: string, options: LoadOptions): Promise<LoadedModel> {
  const { getLlama, LlamaLogLevel } = await loadLlamaCpp();
  const started = performance.now();
  const llama = await getLlama({
    gpu: options.gpu ?? "auto",
    ...(options.threads === undefined ? {} : { maxThreads: options.threads }),
    // llama.cpp's own loading chatter would interleave with the chat on stderr.
    logLevel: LlamaLogLevel.error,
    progressLogs: false,
    build: "never",
  });
  const model = await llama.loadModel({ modelPath });
  const max = Math.min(options.maxContextSize ?? DEFAULT_MAX_CONTEXT, model.trainContextSize);
  const context = await model.createContext({
    contextSize: { min: Math.min(2048, max), max },
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const loadMs = performance.now() - started;
  return { llama, model, context, sequence: context.getSequence(), exclusive, loadMs, device: llama.gpu === false ? "cpu" : llama.gpu };
}

/** Frees every loaded model (tests, and a clean exit). */
export async function unloadAll(): Promise<void> {
  const entries = [...loaded.values()];
  loaded.clear();
  for (const entry of entries) {
    const model = await entry.catch(() => undefined);
    await model?.context.dispose();
    await model?.model.dispose();
  }
}

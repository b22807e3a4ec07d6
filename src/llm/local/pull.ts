/**
 * `quiver models pull`: downloads a GGUF into the models directory through node-llama-cpp's
 * downloader (hf: URIs or plain URLs), which resumes a partial file after an interruption,
 * then checks the size and SHA-256 before recording the model.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { basename } from "node:path";
import { ModelAbortError, ModelError } from "../errors.js";
import { findCatalogModel, isModelUri } from "./catalog.js";
import { loadLlamaCpp } from "./runtime.js";
import { type StoredModel, recordModel } from "./store.js";

export interface PullProgress {
  totalBytes: number;
  downloadedBytes: number;
}

export interface PullOptions {
  modelsDir: string;
  /** Expected SHA-256 (hex); without it the computed one is recorded for later checks. */
  sha256?: string;
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
  /** Parallel connections (default node-llama-cpp's). */
  parallel?: number;
  /** Extra request headers (an `Authorization` for gated hub repos). */
  headers?: Record<string, string>;
}

export async function pullModel(spec: string, options: PullOptions): Promise<StoredModel> {
  const uri = findCatalogModel(spec)?.uri ?? spec;
  if (!isModelUri(uri)) {
    throw new ModelError(`Cannot pull ${JSON.stringify(spec)}: give a known name (quiver models list), an hf:<user>/<repo>:<quant> URI or an https:// URL of a .gguf file.`, {
      kind: "bad_request",
      retryable: false,
    });
  }
  await mkdir(options.modelsDir, { recursive: true });
  const { createModelDownloader } = await loadLlamaCpp();
  const downloader = await createModelDownloader({
    ...(uri.startsWith("http") ? { modelUrl: uri } : { modelUri: uri }),
    dirPath: options.modelsDir,
    showCliProgress: false,
    skipExisting: true,
    // Kept so the next pull resumes where this one stopped.
    deleteTempFileOnCancel: false,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.parallel === undefined ? {} : { parallelDownloads: options.parallel }),
    onProgress: ({ totalSize, downloadedSize }) => options.onProgress?.({ totalBytes: totalSize, downloadedBytes: downloadedSize }),
  });
  const path = await downloader.download(options.signal === undefined ? {} : { signal: options.signal });
  // An aborted download returns quietly, leaving the partial file for the next pull to resume.
  if (options.signal?.aborted) throw new ModelAbortError("The download was interrupted; run the same pull again to resume it.");
  const entry = await verify(path, downloader.totalSize, options.sha256);
  const stored: StoredModel = { name: spec, uri, file: basename(path), ...entry, pulledAt: new Date().toISOString() };
  await recordModel(options.modelsDir, stored);
  return stored;
}

/** A file of the wrong size or hash is deleted, so a retry downloads it afresh instead of trusting it. */
async function verify(path: string, expectedSize: number, expectedSha256: string | undefined): Promise<{ sizeBytes: number; sha256: string }> {
  const sizeBytes = (await stat(path)).size;
  if (expectedSize > 0 && sizeBytes !== expectedSize) {
    await rm(path, { force: true });
    throw new ModelError(`Downloaded ${path} has ${sizeBytes} bytes, the server announced ${expectedSize}; deleted it. Run the pull again.`, {
      kind: "protocol",
      retryable: false,
    });
  }
  const sha256 = await sha256Of(path);
  if (expectedSha256 !== undefined && sha256 !== expectedSha256.toLowerCase()) {
    await rm(path, { force: true });
    throw new ModelError(`Downloaded ${path} has SHA-256 ${sha256}, expected ${expectedSha256}; deleted it. Check the hash, then pull again.`, {
      kind: "protocol",
      retryable: false,
    });
  }
  return { sizeBytes, sha256 };
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

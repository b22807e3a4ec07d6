/**
 * `quiver models pull`: downloads a GGUF into the models directory through node-llama-cpp's
 * downloader (hf: URIs or plain URLs), which resumes a partial file after an interruption,
 * then checks the size and SHA-256 before recording the model.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { basename } from "node:path";
import { closestNames } from "../../registry/suggest.js";
import { ModelAbortError, ModelError, isAbortError } from "../errors.js";
import { MODEL_CATALOG, findCatalogModel, isModelUri } from "./catalog.js";
import { dropResumeFooter } from "./resume-footer.js";
import { loadLlamaCpp } from "./runtime.js";
import { type StoredModel, recordModel } from "./store.js";

/** How long a download URL may take to answer at all before the pull gives up. */
const REACHABLE_TIMEOUT_MS = 15_000;

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

/** The URI `spec` downloads from; an unknown name is refused before anything is fetched. */
export function pullUri(spec: string): string {
  const uri = findCatalogModel(spec)?.uri ?? spec;
  if (isModelUri(uri)) return uri;
  const near = closestNames(spec, MODEL_CATALOG.map((model) => model.name), 1)[0];
  throw new ModelError(
    `Cannot pull ${JSON.stringify(spec)}: ${near === undefined ? "" : `did you mean ${near}? `}Give a known name (quiver models list), an hf:<user>/<repo>:<quant> URI or an https:// URL of a .gguf file.`,
    { kind: "bad_request", retryable: false },
  );
}

export async function pullModel(spec: string, options: PullOptions): Promise<StoredModel> {
  const uri = pullUri(spec);
  await mkdir(options.modelsDir, { recursive: true });
  const { createModelDownloader } = await loadLlamaCpp();
  let path: string;
  let totalSize: number;
  try {
    // node-llama-cpp's downloader retries a refused URL for minutes: find out first whether it answers at all.
    if (/^https?:/i.test(uri)) await checkReachable(uri, options.signal);
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
    path = await downloader.download(options.signal === undefined ? {} : { signal: options.signal });
    totalSize = downloader.totalSize;
  } catch (err) {
    if (err instanceof ModelError || isAbortError(err) || options.signal?.aborted) throw err;
    throw downloadFailure(spec, err);
  }
  // An aborted download returns quietly, leaving the partial file for the next pull to resume.
  if (options.signal?.aborted) throw new ModelAbortError("The download was interrupted; run the same pull again to resume it.");
  const entry = await verifyDownload(path, totalSize, options.sha256);
  const stored: StoredModel = { name: spec, uri, file: basename(path), ...entry, pulledAt: new Date().toISOString() };
  await recordModel(options.modelsDir, stored);
  return stored;
}

async function checkReachable(url: string, signal: AbortSignal | undefined): Promise<void> {
  const timeout = AbortSignal.timeout(REACHABLE_TIMEOUT_MS);
  // Any answer, even an error status, shows the network and the host are there; the downloader reports the rest.
  await fetch(url, { method: "HEAD", signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]) });
}

/** What went wrong in a download, as one line the user can act on (the network, the host, the name). */
function downloadFailure(spec: string, err: unknown): ModelError {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const reason = [(err as Error)?.message ?? String(err), typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : ""]
    .filter((part) => part !== "")
    .join(": ")
    .split("\n")[0];
  return new ModelError(
    `Could not download ${spec} (${reason}). Check the network connection (and HF_ENDPOINT if set), then run \`quiver models pull ${spec}\` again; it resumes.`,
    { kind: "connection", retryable: true, cause: err },
  );
}

/**
 * A file of the wrong size or hash is deleted, so a retry downloads it afresh instead of trusting
 * it; the downloader's own resume state left past the end is cut off first (resume-footer.ts).
 */
export async function verifyDownload(path: string, expectedSize: number, expectedSha256: string | undefined): Promise<{ sizeBytes: number; sha256: string }> {
  await dropResumeFooter(path, expectedSize);
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

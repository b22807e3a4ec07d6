import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isAbortError } from "../../../src/llm/index.js";
import { pullModel, type PullProgress } from "../../../src/llm/local/pull.js";
import { readManifest, removeModel, resolveLocalModel } from "../../../src/llm/local/store.js";
import { startRangeFileServer, type RangeFileServer } from "../../helpers/range-file-server.js";

// node-llama-cpp's downloader fetches 5 MiB chunks in parallel: 12 MiB makes three (5, 5, 2), and
// the short one is complete when the first run is interrupted, so the resume must skip it.
const BODY = randomBytes(12 * 1024 * 1024);
const SHA256 = createHash("sha256").update(BODY).digest("hex");

let dir: string;
let server: RangeFileServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "quiver-pull-"));
  server = await startRangeFileServer(BODY);
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("quiver models pull (against a loopback server)", () => {
  it("downloads with progress, verifies size and hash, records the model so it resolves offline, and rm deletes it", async () => {
    const modelsDir = join(dir, "models");
    const progress: PullProgress[] = [];
    const stored = await pullModel(server.url, { modelsDir, sha256: SHA256, onProgress: (p) => progress.push(p) });
    expect(stored).toMatchObject({ sizeBytes: BODY.length, sha256: SHA256, file: "model.gguf", uri: server.url });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ totalBytes: BODY.length, downloadedBytes: BODY.length });
    expect(progress.every((p, i) => i === 0 || p.downloadedBytes >= progress[i - 1]!.downloadedBytes)).toBe(true);
    expect(await resolveLocalModel(server.url, modelsDir)).toBe(join(modelsDir, "model.gguf"));
    expect((await readManifest(modelsDir)).map((m) => m.file)).toEqual(["model.gguf"]);
    expect(await removeModel(modelsDir, "model.gguf")).toBeDefined();
    expect(existsSync(join(modelsDir, "model.gguf"))).toBe(false);
    await expect(resolveLocalModel(server.url, modelsDir)).rejects.toThrow(`quiver models pull ${server.url}`);
  });

  it("resumes an interrupted download instead of starting over", async () => {
    const modelsDir = join(dir, "models");
    const controller = new AbortController();
    const first = pullModel(server.url, {
      modelsDir,
      signal: controller.signal,
      onProgress: (p) => p.downloadedBytes > 9 * 1024 * 1024 && controller.abort(),
    });
    expect(isAbortError(await first.then(() => undefined, (e: unknown) => e))).toBe(true);
    const firstRanges = server.ranges.length;
    const stored = await pullModel(server.url, { modelsDir, sha256: SHA256 });
    expect(stored.sha256).toBe(SHA256);
    const again = server.ranges.slice(firstRanges);
    const refetched = again.reduce((sum, [start, end]) => sum + (end - start), 0);
    // The chunk finished before the interrupt is not fetched again.
    expect(again.length).toBeGreaterThan(0);
    expect(refetched).toBeLessThan(BODY.length);
  });

  it("deletes a download whose hash does not match, and says which hash it got", async () => {
    const modelsDir = join(dir, "models");
    await expect(pullModel(server.url, { modelsDir, sha256: "0".repeat(64) })).rejects.toThrow(`SHA-256 ${SHA256}, expected ${"0".repeat(64)}`);
    expect(existsSync(join(modelsDir, "model.gguf"))).toBe(false);
    expect(await readManifest(modelsDir)).toEqual([]);
  });

  it("refuses a spec that is neither a known name nor a URI, naming what would work", async () => {
    await expect(pullModel("no-such-model", { modelsDir: join(dir, "models") })).rejects.toThrow("quiver models list");
  });
});

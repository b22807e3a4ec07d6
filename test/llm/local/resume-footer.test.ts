/**
 * The size and hash check after `quiver models pull`, with what node-llama-cpp's downloader (ipull)
 * can leave past the end: its resume state, a JSON object, when a save races the final cut.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyDownload } from "../../../src/llm/local/pull.js";

const BODY = randomBytes(256 * 1024);
const SHA256 = createHash("sha256").update(BODY).digest("hex");
// The shape ipull saves (a 67-byte one made a CI run delete a good 12 MiB model).
const STATE = JSON.stringify({ fileName: "model.gguf", chunks: [1, 1, 2], chunkSize: 5242880, parallelStreams: 3 });

const dir = mkdtempSync(join(tmpdir(), "quiver-footer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function download(name: string, ...parts: Array<Buffer | string>): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part))));
  return path;
}

describe("the check after a download", () => {
  it("cuts the downloader's resume state off a model that came back too long, and keeps the model", async () => {
    const path = download("raced.gguf", BODY, STATE);
    expect(await verifyDownload(path, BODY.length, SHA256)).toEqual({ sizeBytes: BODY.length, sha256: SHA256 });
    expect(statSync(path).size).toBe(BODY.length);
    expect(readFileSync(path).equals(BODY)).toBe(true);
  });

  it.each([
    ["bytes that are no JSON object", "garbage"],
    ["a JSON array", "[1,2,3]"],
    ["more than a resume state could be", JSON.stringify({ pad: "x".repeat(70_000) })],
  ])("still refuses, and deletes, a file with %s past the announced size", async (_, tail) => {
    const path = download("long.gguf", BODY, tail);
    await expect(verifyDownload(path, BODY.length, SHA256)).rejects.toThrow(/bytes, the server announced/);
    expect(existsSync(path)).toBe(false);
  });

  it("still refuses a model whose own bytes are wrong, footer or not", async () => {
    const bad = Buffer.from(BODY);
    bad[1000] = bad[1000]! ^ 0xff;
    const path = download("bad.gguf", bad, STATE);
    await expect(verifyDownload(path, BODY.length, SHA256)).rejects.toThrow(/SHA-256/);
    expect(existsSync(path)).toBe(false);
  });
});

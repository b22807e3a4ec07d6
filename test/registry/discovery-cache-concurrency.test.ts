/**
 * Two processes writing the discovery cache at once (finding 11 of issue 10): every read of
 * the file, during and after, must be one writer's complete JSON, never a mix of both. The
 * writers report the same pid, as processes in two containers sharing one QUIVER_HOME do, and
 * read the same millisecond from the clock, so any temp-file name made of those two collides.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { assertBuilt } from "../helpers/cli.js";

const CACHE_MODULE = pathToFileURL(resolve(import.meta.dirname, "../../dist/registry/discovery/cache.js")).href;
const WRITES = 150;
const ENTRIES = 4000;

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "quiver-cache-race-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRITER = `
const { VerdictCache } = await import(process.env.CACHE_MODULE);
Object.defineProperty(process, "pid", { value: 1 });
Date.now = () => 1_700_000_000_000;
const [file, tag] = process.argv.slice(2);
const cache = VerdictCache.empty();
for (let i = 0; i < ${ENTRIES}; i++) cache.set("/tools/" + tag + "/" + i + ".js", [i, i, i % 2 === 0]);
let failed = 0;
for (let n = 0; n < ${WRITES}; n++) if (!cache.write(file)) failed++;
process.exitCode = Math.min(failed, 100);
`;

/** Resolves with the writer's exit code: the number of its writes that failed. */
function runWriter(script: string, file: string, tag: string): Promise<number | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, file, tag], { env: { ...process.env, CACHE_MODULE }, stdio: "inherit" });
    child.once("error", fail);
    child.once("close", done);
  });
}

/** Which writer's complete content the text is; throws when it is neither. */
function writerOf(text: string): string {
  const data = JSON.parse(text) as Record<string, unknown>;
  const keys = Object.keys(data).filter((k) => k.startsWith("/")); // module paths, not the cache's own markers
  const tags = new Set(keys.map((k) => k.split("/")[2]));
  expect(keys.length).toBe(ENTRIES);
  expect(tags.size).toBe(1);
  return [...tags][0]!;
}

it("concurrent writes from two processes never interleave", async () => {
  const script = join(dir, "writer.mjs");
  writeFileSync(script, WRITER);
  const file = join(dir, "cache", "tool-discovery-cache.json");
  const writers = Promise.all([runWriter(script, file, "a"), runWriter(script, file, "b-with-a-longer-name")]);
  let finished = false;
  void writers.finally(() => (finished = true));
  let reads = 0;
  while (!finished) {
    if (existsSync(file)) {
      writerOf(readFileSync(file, "utf8"));
      reads++;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  expect(await writers).toEqual([0, 0]);
  expect(["a", "b-with-a-longer-name"]).toContain(writerOf(readFileSync(file, "utf8")));
  expect(reads).toBeGreaterThan(0);
  expect(readdirSync(join(dir, "cache")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
});

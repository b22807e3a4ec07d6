/**
 * The on-disk memo of token counts: a warm count never loads the tokenizer. Each "fresh process" is a
 * fresh module graph (vi.resetModules), so the in-process memo is empty and only the file can answer.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ToolDefinition } from "../../src/registry/index.js";

const TOKENIZER = "gpt-tokenizer/encoding/o200k_base";

let home: string;
let previousHome: string | undefined;
let tokenizerLoads: number;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "quiver-token-cache-"));
  previousHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
  tokenizerLoads = 0;
});
afterEach(async () => {
  vi.doUnmock(TOKENIZER);
  vi.resetModules();
  if (previousHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = previousHome;
  await rm(home, { recursive: true, force: true });
});

/** tool-tokens.ts as a new process would load it: no counts in memory, tokenizer not loaded. */
async function freshTokens(): Promise<typeof import("../../src/tokens/tool-tokens.js")> {
  // A new mock factory each time: vitest caches a mocked module's factory result across resetModules.
  vi.doUnmock(TOKENIZER);
  vi.resetModules();
  vi.doMock(TOKENIZER, async (importOriginal) => {
    tokenizerLoads++;
    return importOriginal();
  });
  return import("../../src/tokens/tool-tokens.js");
}

function definition(name: string, description: string): ToolDefinition {
  return { type: "function", function: { name, description, parameters: { type: "object", properties: { q: { type: "string" } } } } };
}

const cacheFile = (): string => join(home, "cache", "token-counts.json");

describe("token count cache", () => {
  it("answers a second count of the same definitions in a fresh process without loading the tokenizer", async () => {
    const defs = [definition("alpha", "first tool ".repeat(20)), definition("beta", "second tool")];
    const first = await (await freshTokens()).definitionTokens(defs);
    expect(tokenizerLoads).toBe(1);
    // Equal, not the same, objects: the key is the definition's JSON, not its identity.
    const again = await (await freshTokens()).definitionTokens(structuredClone(defs));
    expect(again).toEqual(first);
    expect(tokenizerLoads).toBe(1);
  });

  it("gives the tokenizer's own counts", async () => {
    const defs = [definition("gamma", "count me"), definition("delta", "ünïcödé 🙂 ".repeat(30))];
    const tokens = await freshTokens();
    const expected = await Promise.all(defs.map((d) => tokens.countTokens(JSON.stringify(d))));
    expect(await tokens.definitionTokens(defs)).toEqual(expected);
    expect(await (await freshTokens()).definitionTokens(defs)).toEqual(expected);
  });

  it("recounts a changed definition", async () => {
    await (await freshTokens()).definitionTokens([definition("epsilon", "short")]);
    const changed = definition("epsilon", "a much longer description of what this tool does ".repeat(5));
    const tokens = await freshTokens();
    const loadsBefore = tokenizerLoads;
    const [n] = await tokens.definitionTokens([changed]);
    expect(tokenizerLoads).toBe(loadsBefore + 1);
    expect(n).toBe(await tokens.countTokens(JSON.stringify(changed)));
  });

  it("ignores a corrupt cache file and rewrites it", async () => {
    const defs = [definition("zeta", "zeta tool")];
    const expected = await (await freshTokens()).definitionTokens(defs);
    for (const corrupt of ["{not json", "[1,2,3]", JSON.stringify(Object.fromEntries(Object.keys(JSON.parse(await readFile(cacheFile(), "utf8")) as object).map((k) => [k, "many"])))]) {
      await writeFile(cacheFile(), corrupt);
      expect(await (await freshTokens()).definitionTokens(defs)).toEqual(expected);
      const rewritten = JSON.parse(await readFile(cacheFile(), "utf8")) as Record<string, unknown>;
      expect(Object.values(rewritten)).toEqual(expected);
    }
    expect((await readdir(join(home, "cache"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("does not rewrite the file when every count was already on disk", async () => {
    const defs = [definition("eta", "eta tool")];
    await (await freshTokens()).definitionTokens(defs);
    await writeFile(cacheFile(), `${await readFile(cacheFile(), "utf8")} `);
    await (await freshTokens()).definitionTokens(defs);
    expect((await readFile(cacheFile(), "utf8")).endsWith(" ")).toBe(true);
  });

  it("keeps at most MAX_ENTRIES counts, the most recently used", async () => {
    const { MAX_ENTRIES } = await import("../../src/tokens/token-count-cache.js");
    const stale = Object.fromEntries(Array.from({ length: MAX_ENTRIES }, (_, i) => [`stale-${i}`, i]));
    await writeFile(join(await mkdirCache(), "token-counts.json"), JSON.stringify(stale));
    const defs = [definition("theta", "theta tool")];
    const [n] = await (await freshTokens()).definitionTokens(defs);
    const stored = JSON.parse(await readFile(cacheFile(), "utf8")) as Record<string, number>;
    expect(Object.keys(stored)).toHaveLength(MAX_ENTRIES);
    expect(stored["stale-0"]).toBeUndefined();
    expect(Object.values(stored).at(-1)).toBe(n);
  });
});

async function mkdirCache(): Promise<string> {
  const { mkdir } = await import("node:fs/promises");
  const dir = join(home, "cache");
  await mkdir(dir, { recursive: true });
  return dir;
}

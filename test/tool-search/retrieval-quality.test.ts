// Retrieval quality of tool_search's index on the public sets shipped in bench/tool-retrieval/
// (provenance and licences in its README): Recall@5 floors, so a change that loses what the index
// finds on sets it was not developed on fails here, not only in the benchmark report. Seal-Tools is
// not kept in the repository (fetched data): its floor runs only where its folder has been built
// under $QUIVER_RETRIEVAL_DATA (default /work/shared/data/tool-retrieval; test/setup/retrieval-data.ts
// hands it over), and is skipped elsewhere.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, inject, it } from "vitest";
import type { ToolDefinition } from "../../src/registry/index.js";
import { ToolSearchIndex } from "../../src/tools/tool-search-index.js";

interface Query {
  query: string;
  gold: string | string[];
}

const root = new URL("../../bench/tool-retrieval/", import.meta.url);
const sealTools = pathToFileURL(`${join(inject("retrievalData"), "seal-tools")}/`);

function load(folder: string | URL): { tools: ToolDefinition[]; queries: Query[] } {
  const base = folder instanceof URL ? folder : new URL(folder, root);
  const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, base), "utf8"));
  const functions = read("tools.json") as Array<ToolDefinition["function"]>;
  return { tools: functions.map((fn) => ({ type: "function", function: fn })), queries: read("queries.json") as Query[] };
}

/** Recall@5 as bench/tool-retrieval/evaluate.mjs counts it: |gold ∩ top 5| / min(5, |gold|), averaged. */
function recallAt5(folder: string | URL): number {
  const { tools, queries } = load(folder);
  const index = new ToolSearchIndex();
  index.sync(tools);
  let sum = 0;
  for (const { query, gold } of queries) {
    const golds = Array.isArray(gold) ? gold : [gold];
    const found = index.search(query, 5);
    sum += found.filter((name) => golds.includes(name)).length / Math.min(5, golds.length);
  }
  return sum / queries.length;
}

describe("tool_search retrieval quality (bench/tool-retrieval)", () => {
  it("keeps Recall@5 on BFCL, the set the index was developed on", () => {
    expect(recallAt5("")).toBeGreaterThanOrEqual(0.87);
  });

  it("reaches Recall@5 ≥ 0.75 on ToolBench G1 (held out)", () => {
    expect(recallAt5("toolbench/")).toBeGreaterThanOrEqual(0.75);
  });

  it("keeps Recall@5 ≥ 0.66 on MetaTool (held out; the 0.70 goal is not met, see the README)", () => {
    expect(recallAt5("metatool/")).toBeGreaterThanOrEqual(0.66);
  });

  it.skipIf(!existsSync(new URL("queries.json", sealTools)))(
    "reaches Recall@5 ≥ 0.80 on Seal-Tools (held out; data outside the repository, built by bench/tool-retrieval/seal-tools/extract.mjs)",
    () => {
      expect(recallAt5(sealTools)).toBeGreaterThanOrEqual(0.8);
    },
    120_000,
  );
});

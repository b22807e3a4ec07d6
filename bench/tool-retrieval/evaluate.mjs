// Offline retrieval evaluation of tool_search's index: Recall@1 and Recall@5 of the gold tool, for
// tool_search and for a plain-BM25 baseline, on the BFCL subset in this folder (the set the index
// was developed on), two held-out sets kept here, metatool/ and toolbench/, and held-out sets whose
// data is not kept in this repository (seal-tools): those are read from $QUIVER_RETRIEVAL_DATA/<set>/
// (default /work/shared/data/tool-retrieval/<set>/) when built there by their extract.mjs (see README.md).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import MiniSearch from "minisearch";

const here = new URL(".", import.meta.url);
export const tools = JSON.parse(readFileSync(new URL("tools.json", here), "utf8")).map((fn) => ({ type: "function", function: fn }));
export const queries = JSON.parse(readFileSync(new URL("queries.json", here), "utf8"));

/** Where the sets not kept in this repository are read from. */
export const DATA_ROOT = process.env.QUIVER_RETRIEVAL_DATA ?? "/work/shared/data/tool-retrieval";

/** Held-out sets whose data lives under DATA_ROOT (fetched data is not committed), each built by `<set>/extract.mjs`. */
export const EXTERNAL_SETS = ["seal-tools"];

const setDir = (name) =>
  name === "bfcl" ? here : EXTERNAL_SETS.includes(name) ? pathToFileURL(`${join(DATA_ROOT, name)}/`) : new URL(`${name}/`, here);

/** Whether a set's data is there (always for the sets kept in this folder). */
export function hasSet(name) {
  return existsSync(new URL("queries.json", setDir(name))) && existsSync(new URL("tools.json", setDir(name)));
}

/** A retrieval set: `bfcl` (this folder), `metatool` or `toolbench` (subfolders), or an EXTERNAL_SETS name (DATA_ROOT). */
export function loadSet(name) {
  const dir = setDir(name);
  const read = (file) => JSON.parse(readFileSync(new URL(file, dir), "utf8"));
  return { name, tools: read("tools.json").map((fn) => ({ type: "function", function: fn })), queries: read("queries.json") };
}

/** The sets kept in this folder. */
export const SETS = ["bfcl", "metatool", "toolbench"];

/** Held-out sets beyond BFCL that can be measured here: the bundled ones and the external ones that are present. */
export const HELD_OUT = ["metatool", "toolbench", ...EXTERNAL_SETS.filter(hasSet)];

/** Plain BM25: one field (name, description, parameter names and descriptions), minisearch's default tokenizer, no boosts. */
export function plainBm25(definitions) {
  const index = new MiniSearch({ fields: ["text"] });
  index.addAll(
    definitions.map((d, i) => {
      const props = d.function.parameters?.properties ?? {};
      const params = Object.entries(props).map(([k, v]) => `${k} ${v?.description ?? ""}`);
      return { id: i, name: d.function.name, text: [d.function.name, d.function.description ?? "", ...params].join(" ") };
    }),
  );
  const names = definitions.map((d) => d.function.name);
  return (query, limit) => index.search(query).slice(0, limit).map((hit) => names[hit.id]);
}

/**
 * Recall@1 and Recall@5 of `search(query, 5)` over a query set. A query with several gold tools
 * (ToolBench) counts the share of them found, out of at most k: |gold ∩ top k| / min(k, |gold|).
 */
export function recall(search, set = queries) {
  let at1 = 0;
  let at5 = 0;
  for (const { query, gold } of set) {
    const golds = Array.isArray(gold) ? gold : [gold];
    const found = search(query, 5);
    const hits = (k) => found.slice(0, k).filter((name) => golds.includes(name)).length / Math.min(k, golds.length);
    at1 += hits(1);
    at5 += hits(5);
  }
  return { at1: at1 / set.length, at5: at5 / set.length };
}

// `node bench/tool-retrieval/evaluate.mjs` (after `npm run build`): every set present, tool_search and plain BM25.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { ToolSearchIndex } = await import("../../dist/tools/tool-search-index.js");
  for (const name of EXTERNAL_SETS.filter((n) => !hasSet(n))) {
    console.log(`${name.padEnd(10)} ABSENT: no ${join(DATA_ROOT, name)}/{tools,queries}.json (build it: node bench/tool-retrieval/${name}/extract.mjs <checkout>; see README.md)`);
  }
  for (const name of [...SETS, ...EXTERNAL_SETS.filter(hasSet)]) {
    const set = loadSet(name);
    const index = new ToolSearchIndex();
    index.sync(set.tools);
    const ours = recall((query, limit) => index.search(query, limit), set.queries);
    const plain = recall(plainBm25(set.tools), set.queries);
    const f = (r) => `${r.at1.toFixed(3)} / ${r.at5.toFixed(3)}`;
    console.log(`${name.padEnd(10)} ${String(set.tools.length).padStart(5)} tools ${String(set.queries.length).padStart(5)} queries  tool_search R@1/R@5 ${f(ours)}  plain BM25 ${f(plain)}`);
  }
}

// Offline retrieval evaluation of tool_search's index on the BFCL subset in this folder:
// Recall@1 and Recall@5 of the gold tool, for tool_search and for a plain-BM25 baseline.
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";

const here = new URL(".", import.meta.url);
export const tools = JSON.parse(readFileSync(new URL("tools.json", here), "utf8")).map((fn) => ({ type: "function", function: fn }));
export const queries = JSON.parse(readFileSync(new URL("queries.json", here), "utf8"));

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

/** Recall@1 and Recall@5 of `search(query, 5)` over the query set. */
export function recall(search) {
  let at1 = 0;
  let at5 = 0;
  for (const { query, gold } of queries) {
    const found = search(query, 5);
    if (found[0] === gold) at1++;
    if (found.includes(gold)) at5++;
  }
  return { at1: at1 / queries.length, at5: at5 / queries.length };
}

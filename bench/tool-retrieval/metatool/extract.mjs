// Rebuilds tools.json and queries.json from a checkout of HowieHwong/MetaTool (see README.md):
//   node bench/tool-retrieval/metatool/extract.mjs <MetaTool checkout>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PER_TOOL = 2;
const repo = process.argv[2];
if (repo === undefined) throw new Error("usage: extract.mjs <path of a MetaTool checkout>");
const descriptions = JSON.parse(readFileSync(join(repo, "dataset/plugin_des.json"), "utf8"));
const rows = readFileSync(join(repo, "dataset/data/all_clean_data.csv"), "utf8").split("\n").slice(1).filter((line) => line.trim() !== "").map(parseRow);
const byTool = new Map();
for (const [query, tool] of rows) {
  if (!(tool in descriptions)) continue;
  if (!byTool.has(tool)) byTool.set(tool, []);
  byTool.get(tool).push(query);
}
// Evenly spaced queries of each tool (the CSV groups a tool's queries by how they were generated).
const queries = [];
for (const [tool, list] of [...byTool].sort(([a], [b]) => a.localeCompare(b))) {
  for (let i = 0; i < Math.min(PER_TOOL, list.length); i++) {
    const index = Math.floor(((i + 0.5) * list.length) / PER_TOOL);
    queries.push({ id: `${tool}_${index}`, query: list[index], gold: tool });
  }
}
const tools = Object.entries(descriptions).map(([name, description]) => ({ name, description, parameters: { type: "object", properties: {} } }));
writeFileSync(new URL("tools.json", import.meta.url), `${JSON.stringify(tools)}\n`);
writeFileSync(new URL("queries.json", import.meta.url), `${JSON.stringify(queries)}\n`);
console.log(`${tools.length} tools, ${queries.length} queries`);

/** One CSV row (`Query,Tool`, the query quoted when it holds a comma). */
function parseRow(line) {
  const cut = line.lastIndexOf(",");
  let query = line.slice(0, cut).trim();
  if (query.startsWith('"') && query.endsWith('"')) query = query.slice(1, -1).replaceAll('""', '"');
  return [query, line.slice(cut + 1).trim()];
}

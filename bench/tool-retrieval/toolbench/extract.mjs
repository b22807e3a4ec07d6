// Rebuilds tools.json and queries.json from a checkout of THUNLP-MT/StableToolBench (see README.md):
//   node bench/tool-retrieval/toolbench/extract.mjs <StableToolBench checkout>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GROUPS = ["G1_instruction", "G1_category", "G1_tool"];
const repo = process.argv[2];
if (repo === undefined) throw new Error("usage: extract.mjs <path of a StableToolBench checkout>");

// ToolBench's own function naming (ToolLLaMA): <api>_for_<tool>, snake case.
const snake = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
const functionName = (tool, api) => `${snake(api)}_for_${snake(tool)}`.slice(0, 64);

const tools = new Map();
const queries = [];
for (const group of GROUPS) {
  const entries = JSON.parse(readFileSync(join(repo, "solvable_queries/test_instruction", `${group}.json`), "utf8"));
  for (const entry of entries) {
    for (const api of entry.api_list) {
      const name = functionName(api.tool_name, api.api_name);
      if (!tools.has(name)) tools.set(name, definition(name, api));
    }
    const gold = [...new Set(entry["relevant APIs"].map(([tool, api]) => functionName(tool, api)))].filter((name) => tools.has(name));
    if (gold.length > 0) queries.push({ id: `${group}_${entry.query_id}`, query: entry.query, gold });
  }
}
writeFileSync(new URL("tools.json", import.meta.url), `${JSON.stringify([...tools.values()])}\n`);
writeFileSync(new URL("queries.json", import.meta.url), `${JSON.stringify(queries)}\n`);
console.log(`${tools.size} tools, ${queries.length} queries`);

/** A function definition as ToolBench presents it to the model: the tool's name in the description, parameters as JSON Schema. */
function definition(name, api) {
  const properties = {};
  for (const p of [...api.required_parameters, ...api.optional_parameters]) {
    properties[p.name] = { type: String(p.type).toLowerCase() === "number" ? "number" : "string", description: p.description ?? "" };
  }
  const description = `This is the subfunction for tool "${api.tool_name}", you can use this tool. The description of this function is: "${api.api_description ?? ""}"`;
  return { name, description, parameters: { type: "object", properties, required: api.required_parameters.map((p) => p.name) } };
}

// Builds the Seal-Tools retrieval set (see ../README.md) from a checkout of fairyshine/Seal-Tools:
//   node bench/tool-retrieval/seal-tools/extract.mjs <Seal-Tools checkout> [output folder]
// The output folder defaults to $QUIVER_RETRIEVAL_DATA/seal-tools, else
// /work/shared/data/tool-retrieval/seal-tools. Fetched data is not committed to this repository:
// only this script is; the set (tools.json, queries.json, LICENSE, PROVENANCE.md) lives outside it.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const SPLITS = ["test_in_domain", "test_out_domain"];
const repo = process.argv[2];
if (repo === undefined) throw new Error("usage: extract.mjs <path of a Seal-Tools checkout> [output folder]");
const out = resolve(process.argv[3] ?? join(process.env.QUIVER_RETRIEVAL_DATA ?? "/work/shared/data/tool-retrieval", "seal-tools"));
const lines = (file) => readFileSync(join(repo, "Seal-Tools_Dataset", file), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));

// The tool pool: every tool of tool.jsonl (4,076), as a function definition: name, description and
// parameters as published (types such as `str` kept, like BFCL's); `field` and `responses` dropped.
const tools = lines("tool.jsonl").map((t) => ({
  name: t.api_name,
  description: t.api_description ?? "",
  parameters: { type: "object", properties: t.parameters ?? {}, required: t.required ?? [] },
}));
const names = new Set(tools.map((t) => t.name));
if (names.size !== tools.length) throw new Error("tool.jsonl defines a name twice");

// The queries: both test splits, unchanged; a query's gold tools are the distinct APIs of its `calling`.
const queries = [];
for (const split of SPLITS) {
  for (const entry of lines(`${split}.jsonl`)) {
    const gold = [...new Set(entry.calling.map((call) => call.api))];
    const unknown = gold.filter((name) => !names.has(name));
    if (unknown.length > 0) throw new Error(`${entry.id}: gold ${unknown.join(", ")} not in tool.jsonl`);
    queries.push({ id: entry.id, query: entry.query, gold: gold.length === 1 ? gold[0] : gold });
  }
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, "tools.json"), `${JSON.stringify(tools)}\n`);
writeFileSync(join(out, "queries.json"), `${JSON.stringify(queries)}\n`);
copyFileSync(join(repo, "LICENSE"), join(out, "LICENSE"));
writeFileSync(join(out, "PROVENANCE.md"), provenance());
console.log(`${tools.length} tools, ${queries.length} queries → ${out}`);

function provenance() {
  let commit = "(unknown: not a git checkout; give the commit it was taken from)";
  try {
    commit = execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {}
  return `# Seal-Tools retrieval set (derived data, not part of the quiver repository)

- Source: https://github.com/fairyshine/Seal-Tools, commit ${process.env.SEAL_TOOLS_COMMIT ?? commit}
- Paper: Wu et al., "Seal-Tools: Self-Instruct Tool Learning Dataset for Agent Tuning and Detailed Benchmark", NLPCC 2024 (arXiv:2405.08355)
- Licence: Apache License 2.0 (text in LICENSE here, copied from the repository). Copyright the Seal-Tools authors.
- Files used: Seal-Tools_Dataset/tool.jsonl (all ${tools.length} tools), Seal-Tools_Dataset/{${SPLITS.join(",")}}.jsonl (all ${queries.length} queries).
- Changes: tools reduced to name / description / parameters (+ required), \`field\` and \`responses\` dropped;
  queries unchanged; gold = the distinct \`api\` names of each query's \`calling\`.
- Built by quiver's bench/tool-retrieval/seal-tools/extract.mjs on ${new Date().toISOString().slice(0, 10)}.
`;
}

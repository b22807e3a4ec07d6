// Builds tools.json and queries.json from a checkout of the Berkeley Function Calling Leaderboard
// data (github.com/ShishirPatil/gorilla, berkeley-function-call-leaderboard/bfcl_eval/data).
// Usage: node bench/tool-retrieval/extract.mjs <bfcl data dir>
// Kept so the subset can be rebuilt and checked; the benchmark reads only the JSON it writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CATEGORIES = ["simple_python", "multiple", "live_simple", "live_multiple"];
const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: node bench/tool-retrieval/extract.mjs <bfcl_eval/data dir>");

const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
const tools = new Map();
const queries = [];
for (const category of CATEGORIES) {
  const answers = new Map(lines(join(dir, "possible_answer", `BFCL_v4_${category}.json`)).map((a) => [a.id, a.ground_truth]));
  for (const row of lines(join(dir, `BFCL_v4_${category}.json`))) {
    const truth = answers.get(row.id);
    // One expected call per query: the gold tool is unambiguous.
    if (truth === undefined || truth.length !== 1) continue;
    const gold = Object.keys(truth[0])[0];
    const definition = row.function.find((f) => f.name === gold);
    if (definition === undefined) continue;
    // A name defined twice keeps its first definition, so every gold name maps to one tool.
    if (!tools.has(gold)) tools.set(gold, definition);
    const turn = row.question.at(-1);
    const user = (Array.isArray(turn) ? turn : [turn]).filter((m) => m.role === "user").at(-1);
    if (user === undefined) continue;
    queries.push({ id: row.id, query: user.content, gold });
  }
}
const here = new URL(".", import.meta.url);
writeFileSync(new URL("tools.json", here), `${JSON.stringify([...tools.values()])}\n`);
writeFileSync(new URL("queries.json", here), `${JSON.stringify(queries)}\n`);
console.log(`${tools.size} tools, ${queries.length} queries`);

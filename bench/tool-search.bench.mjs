// Progressive tool disclosure. (1) Tokens of the first request's `tools` in a 500-tool session
// (500 real BFCL tools + the built-ins), eager (tools.search: off) against tools.search: auto,
// both through the real agent and the scripted OpenAI-compatible server, in one run; the auto
// session then searches, calls the found tool, and its second request is measured too.
// (2) Retrieval quality on bench/tool-retrieval (BFCL subset, see its README): Recall@1/@5 of
// tool_search's index against a plain-BM25 baseline. (3) What it costs: cold load of the
// tokenizer and of minisearch (child processes), index build, time per query.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { median } from "./stats.mjs";
import { DATA_ROOT, EXTERNAL_SETS, HELD_OUT, loadSet, plainBm25, queries, recall, tools as bfclTools } from "./tool-retrieval/evaluate.mjs";

const SESSION_TOOLS = 500;
const TOOLSET = "bench-bfcl";
const root = fileURLToPath(new URL("..", import.meta.url));

export default async function toolSearchBench() {
  const home = mkdtempSync(join(tmpdir(), "quiver-bench-toolsearch-"));
  const savedHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
  const unregister = register();
  const { registry } = await import("../dist/registry/index.js");
  const names = [];
  try {
    const { loadBuiltinTools } = await import("../dist/calls/model-tools.js");
    await loadBuiltinTools();
    for (const definition of bfclTools.slice(0, SESSION_TOOLS)) {
      const fn = definition.function;
      if (registry.register({ name: fn.name, toolset: TOOLSET, schema: { ...fn, parameters: jsonSchema(fn.parameters) }, handler: () => '{"ok":true}' })) names.push(fn.name);
    }
    const session = await sessionTokens();
    const retrieval = await retrievalQuality();
    const loads = coldLoads();
    return {
      section: "tool search",
      rows: [
        { metric: "tools in the session (500 BFCL + built-ins)", value: session.callable, unit: "tools" },
        { metric: "request 1 tools, eager (tools.search: off)", value: session.eager, unit: "tokens" },
        { metric: "request 1 tools, tools.search: auto", value: session.auto, unit: "tokens", target: "≤ 3000", ok: session.auto <= 3000 },
        { metric: "request 1 tools: auto / eager", value: round(session.auto / session.eager, 4), unit: "ratio" },
        { metric: "request 2 tools after one search (auto)", value: session.second, unit: "tokens", note: "core + tools found, appended" },
        { metric: "retrieval set", value: `${bfclTools.length} tools, ${queries.length} queries`, unit: "" },
        { metric: "Recall@1 tool_search", value: round(retrieval.ours.at1, 3), unit: "" },
        { metric: "Recall@5 tool_search", value: round(retrieval.ours.at5, 3), unit: "", target: "≥ 0.60", ok: retrieval.ours.at5 >= 0.6 },
        { metric: "Recall@1 plain BM25", value: round(retrieval.plain.at1, 3), unit: "", note: "one field, default tokenizer, no boosts" },
        { metric: "Recall@5 plain BM25", value: round(retrieval.plain.at5, 3), unit: "" },
        ...retrieval.heldOut.flatMap((set) => [
          { metric: `held out: ${set.name}`, value: `${set.tools} tools, ${set.queries} queries`, unit: "", note: "not tuned on (bench/tool-retrieval/README.md)" },
          { metric: `Recall@1 / @5 tool_search, ${set.name}`, value: `${set.ours.at1.toFixed(3)} / ${set.ours.at5.toFixed(3)}`, unit: "", target: "R@5 ≥ 0.70", ok: set.ours.at5 >= 0.7 },
          { metric: `Recall@1 / @5 plain BM25, ${set.name}`, value: `${set.plain.at1.toFixed(3)} / ${set.plain.at5.toFixed(3)}`, unit: "" },
        ]),
        ...EXTERNAL_SETS.filter((name) => !HELD_OUT.includes(name)).map((name) => ({
          metric: `held out: ${name}`,
          value: "absent",
          unit: "",
          note: `not measured: no ${DATA_ROOT}/${name}/ (bench/tool-retrieval/${name}/extract.mjs builds it; README.md)`,
        })),
        ...retrieval.steps.map((step) => ({ metric: `Recall@1 / @5, ${step.label}`, value: `${step.at1.toFixed(3)} / ${step.at5.toFixed(3)}`, unit: "", note: "ablation" })),
        { metric: `index build (${bfclTools.length} tools)`, value: round(retrieval.buildMs, 1), unit: "ms" },
        { metric: "tool_search query (median)", value: round(retrieval.queryMs, 3), unit: "ms" },
        { metric: "cold load gpt-tokenizer o200k_base + first count", value: loads.tokenizer, unit: "ms", note: "paid by tools list, doctor and auto above the character bound" },
        { metric: "cold load minisearch", value: loads.minisearch, unit: "ms", note: "paid on the first tool_search" },
      ],
    };
  } finally {
    for (const name of names) registry.deregister(name);
    unregister();
    if (savedHome === undefined) delete process.env.QUIVER_HOME;
    else process.env.QUIVER_HOME = savedHome;
    rmSync(home, { recursive: true, force: true });
  }
}

/** Runs the eager and the auto session through the agent; returns tool tokens per request. */
async function sessionTokens() {
  const { startScriptedServer, text, toolCall } = await import("../test/helpers/scripted-openai-server.ts");
  const { Agent } = await import("../dist/agent/index.js");
  const { toolsTokens } = await import("../dist/tokens/tool-tokens.js");
  const { createChatClient, resolveModelSettings } = await import("../dist/llm/index.js");
  const server = await startScriptedServer();
  try {
    const client = createChatClient(resolveModelSettings({ flags: { baseUrl: server.baseUrl, model: "bench-model" }, env: { OPENAI_API_KEY: "bench-key" } }));
    const tokensOf = (request) => toolsTokens(request.body.tools ?? []);
    server.push(text("ok"));
    await new Agent({ client, toolSearch: { mode: "off" } }).run("hello");
    const eagerRequest = server.chatRequests.at(-1);
    const first = server.chatRequests.length;
    const query = queries.find((q) => bfclTools.slice(0, SESSION_TOOLS).some((t) => t.function.name === q.gold)).query;
    server.push(toolCall("tool_search", { query }), (request) => toolCall(firstFound(request), {}), text("done"));
    await new Agent({ client, toolSearch: { mode: "auto" } }).run(query);
    const [one, two] = server.chatRequests.slice(first);
    const prefix = one.body.tools.map((t) => t.function.name);
    if (two.body.tools.slice(0, prefix.length).some((t, i) => t.function.name !== prefix[i])) throw new Error("request 2 does not start with request 1's tools");
    return { callable: eagerRequest.body.tools.length, eager: await tokensOf(eagerRequest), auto: await tokensOf(one), second: await tokensOf(two) };
  } finally {
    await server.close();
  }
}

function firstFound(request) {
  const result = request.body.messages.filter((m) => m.role === "tool").at(-1);
  return JSON.parse(result.content).tools[0].name;
}

async function retrievalQuality() {
  const { ToolSearchIndex } = await import("../dist/tools/tool-search-index.js");
  const builds = [];
  let index;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    index = new ToolSearchIndex();
    index.sync(bfclTools);
    builds.push(performance.now() - t0);
  }
  const times = [];
  const ours = recall((query, limit) => {
    const t0 = performance.now();
    const found = index.search(query, limit);
    times.push(performance.now() - t0);
    return found;
  });
  const heldOut = HELD_OUT.map((name) => {
    const set = loadSet(name);
    const setIndex = new ToolSearchIndex();
    setIndex.sync(set.tools);
    const ours = recall((query, limit) => setIndex.search(query, limit), set.queries);
    return { name, tools: set.tools.length, queries: set.queries.length, ours, plain: recall(plainBm25(set.tools), set.queries) };
  });
  return { ours, plain: recall(plainBm25(bfclTools)), heldOut, steps: await ablation(), buildMs: median(builds), queryMs: median(times) };
}

/** What each improvement over plain BM25 adds, one step at a time (the last step is tool_search's index). */
async function ablation() {
  const { default: MiniSearch } = await import("minisearch");
  const { analyze, splitIdentifier } = await import("../dist/tools/tool-search-text.js");
  const { parameterText } = await import("../dist/tools/tool-search-index.js");
  const docs = bfclTools.map(({ function: fn }) => ({ id: fn.name, name: splitIdentifier(fn.name).join(" "), description: fn.description ?? "", params: parameterText(fn.parameters) }));
  const analysed = { tokenize: analyze, processTerm: (term) => term };
  const boost = { name: 3, description: 1.5, params: 1 };
  const steps = [
    ["name/description/parameter fields, name split", {}],
    ["+ stop words, stemming, camelCase split", analysed],
    ["+ field boosts", { ...analysed, searchOptions: { boost } }],
    ["+ plain BM25 (d = 0), square-root coordination", { ...analysed, searchOptions: { boost, bm25: { k: 1.2, b: 0.7, d: 0 } } }, true],
  ];
  // Square-root coordination: minisearch's score is divided by √(query terms matched), as the index does.
  const rank = (hits, soft) => (soft ? hits.map((h) => ({ ...h, score: h.score / Math.sqrt(h.queryTerms.length) })).sort((a, b) => b.score - a.score) : hits);
  return steps.map(([label, options, soft = false]) => {
    const index = new MiniSearch({ fields: ["name", "description", "params"], ...options });
    index.addAll(docs);
    return { label, ...recall((query, limit) => rank(index.search(query), soft).slice(0, limit).map((hit) => hit.id)) };
  });
}

/** Milliseconds to import a module in a fresh process (median of 3). */
function coldLoads() {
  const time = (code) =>
    median(
      [0, 1, 2].map(() => Number(execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" }).trim())),
    );
  return {
    tokenizer: round(time('const t=performance.now();const m=await import("gpt-tokenizer/encoding/o200k_base");m.countTokens("{}");console.log(performance.now()-t)'), 1),
    minisearch: round(time('const t=performance.now();await import("minisearch");console.log(performance.now()-t)'), 1),
  };
}

/** BFCL writes Python-flavoured schemas ("dict", "float", "tuple"); registered tools need JSON Schema. */
function jsonSchema(value) {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (typeof value !== "object" || value === null) return value;
  const TYPES = { dict: "object", float: "number", tuple: "array", any: undefined };
  const out = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === "type" && typeof entry === "string" && entry in TYPES) {
      if (TYPES[entry] !== undefined) out.type = TYPES[entry];
    } else out[key] = key === "properties" ? Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, jsonSchema(v)])) : jsonSchema(entry);
  }
  return out;
}

function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

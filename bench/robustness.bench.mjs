// Robustness costs: how fast search_files answers a catastrophic pattern (and how long the
// event loop stalls meanwhile), and what the guards cost on every call: handleFunctionCall
// overhead and a plain search. Set QUIVER_BENCH_BASELINE to another build's dist folder (e.g.
// main's) to measure it in the same process, samples alternating with this build's:
//   mkdir -p bench/.work/main && git archive main src tsconfig.json | tar -x -C bench/.work/main
//   ln -s ../../../node_modules bench/.work/main/node_modules && (cd bench/.work/main && npx tsc -p tsconfig.json)
//   QUIVER_BENCH_BASELINE=bench/.work/main/dist node bench/run.mjs robustness
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REGEX_BUDGET_MS } from "../dist/tools/regex-worker-pool.js";
import { median, nsPerOpInterleaved } from "./stats.mjs";

const REGISTRY_KEY = Symbol.for("quiver.registry");
const RAW = '{"a":1,"b":2}';

export default async function () {
  const branch = await loadBuild(fileURLToPath(new URL("../dist", import.meta.url)));
  const redos = await catastrophicSearch(branch.registry);
  const builds = [branch];
  if (process.env.QUIVER_BENCH_BASELINE) builds.push(await loadBuild(resolve(process.env.QUIVER_BENCH_BASELINE), true));

  const [dispatchNs, handleNs] = [0, 1].map(() => []);
  const perCall = await nsPerOpInterleaved(
    builds.flatMap((b) => [async () => void (await b.registry.dispatch("bench_add", { a: 1, b: 2 })), async () => void (await b.handleFunctionCall("bench_add", RAW))]),
    { iterations: 5_000, samples: 15 },
  );
  builds.forEach((_, i) => {
    dispatchNs.push(perCall[2 * i]);
    handleNs.push(perCall[2 * i + 1]);
  });
  const searchMs = await searchTimes(builds);
  const vs = (values, digits = 0) => (values.length < 2 ? "" : `baseline ${values[1].toFixed(digits)} → ${(values[0] / values[1]).toFixed(2)}×`);
  return {
    section: "robustness",
    rows: [
      { metric: "search_files `(a+)+$` on a 41-char line: time to answer", value: redos.answerMs, unit: "ms", target: `≤ ${REGEX_BUDGET_MS + 1000}`, ok: redos.answerMs <= REGEX_BUDGET_MS + 1000, note: `regex budget ${REGEX_BUDGET_MS} ms; on the main thread it would run for hours` },
      { metric: "longest event-loop stall meanwhile", value: redos.maxStallMs, unit: "ms", target: "≤ 100", ok: redos.maxStallMs <= 100, note: "other calls (serve clients) keep being answered" },
      { metric: "registry.dispatch, small tool", value: dispatchNs[0], unit: "ns/call", note: vs(dispatchNs) },
      { metric: "handleFunctionCall, JSON string args", value: handleNs[0], unit: "ns/call", note: vs(handleNs) },
      { metric: "search_files, 200 files × 250 lines, 40 matches", value: searchMs[0], unit: "ms", note: vs(searchMs, 1) },
    ],
  };
}

/**
 * Imports one build with a registry of its own: the registry is a process-wide singleton on
 * globalThis, so the key is cleared before a second build loads and restored afterwards.
 */
async function loadBuild(dist, second = false) {
  const saved = globalThis[REGISTRY_KEY];
  if (second) delete globalThis[REGISTRY_KEY];
  const load = (rel) => import(pathToFileURL(join(dist, rel)).href);
  const { registry } = await load("registry/index.js");
  const { handleFunctionCall } = await load("model-tools.js");
  await load("tools/search-files.js");
  if (second) globalThis[REGISTRY_KEY] = saved;
  registry.register({
    name: "bench_add",
    toolset: "bench",
    schema: { description: "add", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
    handler: ({ a, b }) => `{"sum":${a + b}}`,
  });
  await handleFunctionCall("bench_add", RAW); // compiles the validator
  return { registry, handleFunctionCall };
}

async function catastrophicSearch(registry) {
  const dir = mkdtempSync(join(tmpdir(), "quiver-bench-redos-"));
  writeFileSync(join(dir, "evil.txt"), `${"a".repeat(40)}!\n`);
  let last = performance.now();
  let maxStallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  const out = await registry.dispatch("search_files", { pattern: "(a+)+$", path: dir });
  const answerMs = performance.now() - started;
  clearInterval(ticker);
  rmSync(dir, { recursive: true, force: true });
  if (!/too slow/.test(out)) throw new Error(`expected a "too slow" answer, got ${out}`);
  return { answerMs, maxStallMs };
}

/** Median ms of a plain search over a source-like tree, per build, runs alternating. */
async function searchTimes(builds) {
  const root = mkdtempSync(join(tmpdir(), "quiver-bench-search-"));
  for (let d = 0; d < 10; d++) {
    mkdirSync(join(root, `dir${d}`));
    for (let f = 0; f < 20; f++) {
      const lines = Array.from({ length: 250 }, (_, i) => (i % 50 === 7 ? `export function handler${i}(args) { return call(args); }` : `  const value${i} = compute(${i}, "text ${f}") + other;`));
      writeFileSync(join(root, `dir${d}`, `file${f}.ts`), lines.join("\n") + "\n");
    }
  }
  const args = { pattern: "export function \\w+\\(", path: root, limit: 1000 };
  const times = builds.map(() => []);
  for (let round = 0; round < 13; round++) {
    for (let b = 0; b < builds.length; b++) {
      const t0 = performance.now();
      await builds[b].registry.dispatch("search_files", args);
      if (round >= 2) times[b].push(performance.now() - t0);
    }
  }
  rmSync(root, { recursive: true, force: true });
  return times.map(median);
}

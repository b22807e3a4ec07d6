// Robustness costs: how fast search_files answers a catastrophic pattern (and how long the
// event loop stalls meanwhile), and what the guards cost on every call: handleFunctionCall
// overhead and a plain search. Set QUIVER_BENCH_BASELINE to another build's dist folder (e.g.
// main's) to measure it in the same process, samples alternating with this build's:
//   mkdir -p bench/.work/main && git archive main src tsconfig.json | tar -x -C bench/.work/main
//   ln -s ../../../node_modules bench/.work/main/node_modules && (cd bench/.work/main && npx tsc -p tsconfig.json)
//   QUIVER_BENCH_BASELINE=bench/.work/main/dist node bench/run.mjs robustness
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REGEX_BUDGET_MS } from "../dist/tools/regex-worker-pool.js";
import fc from "fast-check";
import { median, nsPerOpInterleaved } from "./stats.mjs";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const FUZZED_SEARCHES = 10_000;

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
  const cliRedosMs = median([0, 1, 2].map(() => catastrophicSearchThroughCli()));
  const fuzz = await fuzzedSearches(branch.registry);
  const vs = (values, digits = 0) => (values.length < 2 ? "" : `baseline ${values[1].toFixed(digits)} → ${(values[0] / values[1]).toFixed(2)}×`);
  return {
    section: "robustness",
    rows: [
      { metric: "search_files `(a+)+$` on a 41-char line: time to answer", value: redos.answerMs, unit: "ms", target: `≤ ${REGEX_BUDGET_MS + 1000}`, ok: redos.answerMs <= REGEX_BUDGET_MS + 1000, note: `regex budget ${REGEX_BUDGET_MS} ms; on the main thread it would run for hours` },
      { metric: "the same through the CLI, whole process (`quiver tools call search_files`)", value: cliRedosMs, unit: "ms", target: "≤ 3000", ok: cliRedosMs <= 3000, note: "median of 3; start-up counts against the regex budget (ToolContext.startedAt)" },
      { metric: `slowest of ${FUZZED_SEARCHES} fuzzed ordinary search_files calls`, value: fuzz.maxMs, unit: "ms", target: "< 2000", ok: fuzz.maxMs < 2000, note: `p99.9 ${fuzz.p999Ms.toFixed(0)} ms, median ${fuzz.medianMs.toFixed(2)} ms; random patterns (no nested quantifiers), globs, limits and case over 60 files; ${fuzz.slowest}` },
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
  const { handleFunctionCall } = await load("calls/model-tools.js");
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

/** Wall ms of `quiver tools call search_files '{"pattern":"(a+)+$"}'` in a fresh process. */
function catastrophicSearchThroughCli() {
  const dir = mkdtempSync(join(tmpdir(), "quiver-bench-redos-cli-"));
  writeFileSync(join(dir, "evil.txt"), `${"a".repeat(40)}!\n`);
  const env = { ...process.env, HOME: join(dir, "home"), QUIVER_HOME: join(dir, "quiver") };
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, "tools", "call", "search_files", JSON.stringify({ pattern: "(a+)+$", path: "." })], { cwd: dir, env, encoding: "utf8" });
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  if (!r.stdout.includes("pattern_too_slow")) throw new Error(`expected a "too slow" answer, got ${r.stdout}${r.stderr}`);
  return ms;
}

/** Settle times of fuzzed search_files calls whose patterns cannot backtrack catastrophically (no group is quantified). */
async function fuzzedSearches(registry) {
  const root = mkdtempSync(join(tmpdir(), "quiver-bench-fuzz-search-"));
  mkdirSync(join(root, "sub"));
  for (let i = 0; i < 60; i++) {
    const lines = Array.from({ length: 80 }, (_, j) => `line ${j} of file ${i}: aaaaaaaaaaaaaaaa foo=bar(${i * j}) // TODO ${"x".repeat(j)}`);
    writeFileSync(join(root, `${i % 2 ? "sub/" : ""}f${i}.${i % 3 ? "ts" : "md"}`), lines.join("\n"));
  }
  const pattern = fc.oneof(fc.string({ maxLength: 10 }), fc.stringMatching(/^[a-z+*?|.\\[\]{}0-9^$]{1,12}$/), fc.constantFrom("foo", "TODO", "a+", "line \\d+", "x*", "^$")).filter((p) => !/\)[*+?{]/.test(p));
  const calls = fc.sample(
    fc.record({
      pattern,
      glob: fc.option(fc.constantFrom("*.ts", "*.md", "sub/*.ts", "**/*.ts", "{a,b}", "["), { nil: undefined }),
      limit: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
      case_sensitive: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { numRuns: FUZZED_SEARCHES, seed: 11 },
  );
  const times = [];
  for (const args of calls) {
    const t0 = performance.now();
    await registry.dispatch("search_files", { ...args, path: root });
    times.push({ ms: performance.now() - t0, args });
  }
  rmSync(root, { recursive: true, force: true });
  times.sort((a, b) => a.ms - b.ms);
  const worst = times.at(-1);
  return { maxMs: worst.ms, p999Ms: times[Math.floor(times.length * 0.999)].ms, medianMs: times[times.length >> 1].ms, slowest: `slowest: ${JSON.stringify(worst.args)}` };
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

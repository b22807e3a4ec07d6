// Discovery: cold scan (no verdict cache) and warm scan (cache present) over 1000 synthetic tool
// modules, each run in a fresh `node` process so module loading and any parser load count.
// Only verdicts are timed: the child passes a no-op importModule, so ~700 module imports are not.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import os from "node:os";
import { prng } from "../test/helpers/prng.mjs";
import { median } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const work = join(here, ".work", "discovery");
const toolsDir = join(work, "tools");
const cacheFile = join(work, "tool-discovery-cache.json");
const dist = join(here, "..", "dist", "registry");

const FILES = 1000;
const PACKAGES = 20;
const RUNS = 9;

// ---- synthetic tool modules ----

function fragments(rnd, ts, semi) {
  const s = semi ? ";" : "";
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const n = () => Math.floor(rnd() * 1000);
  const t = (type) => (ts ? `: ${type}` : "");
  return [
    () => [`const LIMIT_${n()} = ${n()}${s}`, `const LABEL_${n()} = "tool ${n()} — \\"quoted\\" and 'single'"${s}`],
    () => [
      "/**",
      ` * Formats a line for the model. Tools call registry.register( at import; this one is a helper.`,
      " * @param value the raw value",
      " */",
      `function format${n()}(value${t("unknown")})${t("string")} {`,
      `  if (typeof value === "string") return value.replace(/\\s+/g, " ").trim()${s}`,
      `  return JSON.stringify(value, null, 2)${s}`,
      "}",
    ],
    () => [
      `async function load${n()}(path${t("string")}, limit = ${n()})${ts ? ": Promise<string[]>" : ""} {`,
      `  const out${ts ? ": string[]" : ""} = []${s}`,
      `  for (let i = 0; i < limit; i++) {`,
      `    if (i % 7 === 0) continue${s}`,
      "    out.push(`${path}:${i}|${'x'.repeat(i % 5)}`)" + s,
      "  }",
      `  return out${s}`,
      "}",
    ],
    () => [
      `export class Cache${n()}${ts ? "<K, V>" : ""} {`,
      `  ${ts ? "private " : ""}map = new Map()${s}`,
      `  static created = 0${s}`,
      `  static {`,
      `    this.created = Date.now()${s}`,
      `  }`,
      `  get(key${t("K")}) {`,
      `    return this.map.get(key)${s}`,
      `  }`,
      `  set(key${t("K")}, value${t("V")}) {`,
      `    if (this.map.size > ${n() + 10}) this.map.clear()${s}`,
      `    this.map.set(key, value)${s}`,
      `  }`,
      "}",
    ],
    () =>
      ts
        ? [`interface Args${n()} {`, "  path: string" + s, "  offset?: number" + s, "  limit?: number" + s, "}"]
        : [`const DEFAULTS_${n()} = { offset: 1, limit: ${n()} }${s}`],
    () => (ts ? [`type Mode${n()} = "read" | "write" | { custom: string }${s}`] : [`const MODES_${n()} = ["read", "write"]${s}`]),
    () => [
      `const pattern${n()} = /^(?:[a-z]+:\\/\\/)?[^\\s/]+\\/[^?#]*$/i${s}`,
      `const ratio${n()} = LIMIT / 2 / (1 + ${n()})${s}`,
    ],
    () => [
      `function describe${n()}(code${t("number")})${t("string")} {`,
      "  switch (code) {",
      `    case 0: return "ok"${s}`,
      `    case 1: return \`failed \${code > 1 ? "badly" : \`once\`}\`${s}`,
      `    default: return "code " + code${s}`,
      "  }",
      "}",
    ],
    () => [
      `export const table${n()} = [1, 2, 3].map((x) => x * 2).filter((x) => x > 2)${s}`,
      `// a note: registry.register() must be called at the top level`,
    ],
    () => [
      `async function safely${n()}(fn${ts ? ": () => Promise<string>" : ""}) {`,
      "  try {",
      `    return await fn()${s}`,
      "  } catch (err) {",
      `    return JSON.stringify({ error: String(err) })${s}`,
      "  } finally {",
      `    void 0${s}`,
      "  }",
      "}",
    ],
    () => [pick(["// ---", "/* section */", "// registry: see ../registry/index.ts"])],
  ];
}

function schemaLines(name, s) {
  return [
    `const schema_${name} = {`,
    `  name: "${name}",`,
    `  description: "Does ${name} things (see registry.register docs)",`,
    "  parameters: {",
    '    type: "object",',
    `    properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },`,
    '    required: ["path"],',
    "  },",
    `}${s}`,
  ];
}

function registerCall(name, s, ts, indent = "", nameExpr = `"${name}"`) {
  return [
    `${indent}registry.register({`,
    `${indent}  name: ${nameExpr},`,
    `${indent}  toolset: "bench",`,
    `${indent}  schema: schema_${name},`,
    `${indent}  handler: async (args) => JSON.stringify({ ok: true, args }),`,
    `${indent}  emoji: "🧪",`,
    `${indent}}${ts && s ? " satisfies Record<string, unknown>" : ""})${s}`,
  ];
}

/** One module: its text and whether it registers at top level (the truth). */
function makeModule(rnd, index, ts) {
  const semi = rnd() < 0.6;
  const s = semi ? ";" : "";
  const name = `tool_${index}`;
  const roll = rnd();
  // ~30% helpers (half of them mention both words), ~62% plain registration, the rest in loops
  // (registers) or only inside a function / an if block (does not).
  const kind = roll < 0.3 ? "helper" : roll < 0.92 ? "top" : roll < 0.96 ? "loop" : roll < 0.98 ? "function" : "if";
  const lines = [];
  if (kind !== "helper" || rnd() < 0.5) lines.push(`import { registry, toolResult } from "../registry/index.js"${s}`);
  if (ts) lines.push(`import type { ToolContext } from "../registry/types.js"${s}`);
  lines.push("");
  const target = 60 + Math.floor(rnd() * 91);
  const frags = fragments(rnd, ts, semi);
  const tail = [];
  if (kind !== "helper") tail.push(...schemaLines(name, s), "");
  if (kind === "top") tail.push(...registerCall(name, s, ts));
  if (kind === "loop") {
    tail.push(`for (const suffix of ["a", "b"]) {`, ...registerCall(name, s, ts, "  ", `"${name}_" + suffix`), "}");
  }
  if (kind === "function") tail.push(`export function install${index}() {`, ...registerCall(name, s, ts, "  "), "}");
  if (kind === "if") tail.push(`if (process.env.BENCH_${index}) {`, ...registerCall(name, s, ts, "  "), "}");
  while (lines.length + tail.length < target) {
    lines.push(...frags[Math.floor(rnd() * frags.length)](), "");
  }
  return { text: [...lines, ...tail, ""].join("\n"), registers: kind === "top" || kind === "loop" };
}

function generate() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(toolsDir, { recursive: true });
  const rnd = prng(20240601);
  const truth = new Set();
  for (let i = 0; i < FILES; i++) {
    const r = rnd();
    const ext = r < 0.7 ? ".ts" : r < 0.8 ? ".mts" : r < 0.95 ? ".js" : ".mjs";
    const ts = ext === ".ts" || ext === ".mts";
    const mod = makeModule(rnd, i, ts);
    let path;
    if (i < PACKAGES) {
      mkdirSync(join(toolsDir, `pkg_${i}`));
      path = join(toolsDir, `pkg_${i}`, `tool${ext}`);
    } else {
      path = join(toolsDir, `tool_${String(i).padStart(4, "0")}${ext}`);
    }
    writeFileSync(path, mod.text);
    if (mod.registers) truth.add(path);
  }
  return truth;
}

// ---- measurement in fresh processes ----

const CHILD = `
const t0 = performance.now();
const m = await import(process.argv[1]);
const t1 = performance.now();
const paths = await m.discoverTools(process.argv[2], { importModule: async () => {}, cacheFile: process.argv[3] });
const t2 = performance.now();
const stats = m.getDiscoveryStats();
// The same call again in this process (cache warm, JIT warm): what the scan itself costs.
await m.discoverTools(process.argv[2], { importModule: async () => {}, cacheFile: process.argv[3] });
const t3 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, discoverMs: t2 - t1, repeatMs: t3 - t2, paths, stats }));
`;

// The floor of a warm scan: one fs.statSync per module (the cache key) in a fresh process.
const STAT_FLOOR_CHILD = `
const { readdirSync, statSync } = await import("node:fs");
const dir = process.argv[1];
const paths = readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? readdirSync(dir + "/" + e.name).map((n) => dir + "/" + e.name + "/" + n) : [dir + "/" + e.name]);
const t0 = performance.now();
for (const p of paths) statSync(p);
process.stdout.write(JSON.stringify({ ms: performance.now() - t0 }));
`;

const REFERENCE_CHILD = `
const { readFileSync } = await import("node:fs");
const t0 = performance.now();
const m = await import(process.argv[1]);
const d = await import(process.argv[2]);
const paths = d.listToolCandidates(process.argv[3]).filter((p) => {
  const text = readFileSync(p, "utf8");
  return text.includes("registry") && text.includes("register") && m.registersToolsByTypeScript(p, text).registers;
});
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, count: paths.length }));
`;

function runChild(cached) {
  if (!cached) rmSync(cacheFile, { force: true });
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", CHILD, pathToFileURL(join(dist, "discovery", "discovery.js")).href, toolsDir, cacheFile], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

function statFloorMs() {
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", STAT_FLOOR_CHILD, toolsDir], { encoding: "utf8" })).ms;
}

function misclassified(paths, truth) {
  const got = new Set(paths);
  let wrong = 0;
  for (const p of truth) if (!got.has(p)) wrong++;
  for (const p of got) if (!truth.has(p)) wrong++;
  return wrong;
}

export default async function discoveryBench() {
  if (!existsSync(join(dist, "discovery", "discovery.js"))) throw new Error("dist/registry/discovery/discovery.js is missing: run `npx tsc -p tsconfig.json` first");
  const loadBefore = os.loadavg()[0].toFixed(1); // other work on the 2 cores moves every figure here
  const truth = generate();
  // A listing made within 2 s of a directory's change is not trusted (a coarse clock could hide a
  // second change), so such a start re-reads the directories: wait that out, as any start after an edit does.
  await new Promise((done) => setTimeout(done, 2_100));
  const cold = [];
  const warm = [];
  const floor = [];
  const repeat = [];
  let coldImport = [];
  let wrong = 0;
  let fallbacks = 0;
  let warmParses = 0;
  for (let i = 0; i < RUNS; i++) {
    const c = runChild(false);
    cold.push(c.discoverMs);
    coldImport.push(c.importMs);
    wrong = Math.max(wrong, misclassified(c.paths, truth));
    fallbacks = Math.max(fallbacks, c.stats.parsedWithTypeScript);
    const w = runChild(true);
    warm.push(w.discoverMs);
    repeat.push(w.repeatMs);
    wrong = Math.max(wrong, misclassified(w.paths, truth));
    warmParses = Math.max(warmParses, w.stats.filesRead + w.stats.typescriptLoads);
    // Right after the warm run, so each pair meets the same load on the box.
    floor.push(statFloorMs());
  }
  const ref = [];
  let refCount = 0;
  for (let i = 0; i < 3; i++) {
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", REFERENCE_CHILD, pathToFileURL(join(dist, "discovery", "typescript.js")).href, pathToFileURL(join(dist, "discovery", "discovery.js")).href, toolsDir],
      { encoding: "utf8" },
    );
    const parsed = JSON.parse(out);
    ref.push(parsed.ms);
    refCount = parsed.count;
  }
  const coldMs = median(cold);
  const warmMs = median(warm);
  const warmOverFloor = median(warm.map((w, i) => w / floor[i]));
  const load = `${loadBefore} → ${os.loadavg()[0].toFixed(1)}`;
  const note = `${FILES} files (${truth.size} register); fresh process per run, median of ${RUNS}; verdicts only (no-op importModule); load average ${load}`;
  return {
    section: "discovery",
    rows: [
      { metric: "cold scan, 1000 files (no cache)", value: coldMs, unit: "ms", target: "≤ 150", reference: "555 ms", ok: coldMs <= 150, note: `${note}; ${fallbacks} file(s) needed the TypeScript parser` },
      { metric: "warm scan, 1000 files (cache)", value: warmMs, unit: "ms", target: "≤ 10", reference: "38 ms", ok: warmMs <= 10, note: `files read or parsers loaded on warm runs: ${warmParses}; bounded below by the stat floor; the tools directory last changed > 2 s before` },
      { metric: "warm scan, repeated in the same process", value: median(repeat), unit: "ms", note: "JIT warm: the second discoverTools call of a warm run" },
      { metric: "floor: 1000 × fs.statSync, fresh process", value: median(floor), unit: "ms", note: "the cache key needs one stat per module; the rest of a warm scan is readdir + reading the cache" },
      { metric: "warm scan / stat floor", value: warmOverFloor, unit: "×", target: "≤ 1.1", ok: warmOverFloor <= 1.1, note: `median of ${RUNS} pairs, each floor run right after its warm run` },
      { metric: "misclassified files", value: wrong, unit: "files", target: "0", ok: wrong === 0, note: "vs the generator's truth, cold and warm runs" },
      { metric: "import of dist/registry/discovery/discovery.js", value: median(coldImport), unit: "ms", note: "not part of the scan figures above" },
      { metric: "TypeScript-parser scan, same files", value: median(ref), unit: "ms", note: `the reference implementation (prefilter + createSourceFile per file, incl. loading typescript), median of 3; it selects ${refCount} files` },
    ],
  };
}

#!/usr/bin/env node
// Runs every bench/*.bench.mjs (or those whose name contains an argument), each in its own node
// process (bench/run-one.mjs), prints one table and writes bench/results.json. Each bench module
// default-exports an async function that returns { section, rows: [{ metric, value, unit,
// target?, reference?, note? }] }.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import os from "node:os";
import { promisify } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith(".bench.mjs"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const resultsPath = join(here, "results.json");
let previous = {};
try {
  previous = JSON.parse(await readFile(resultsPath, "utf8")).sections ?? {};
} catch {
  // first run, or an unreadable file: start afresh
}

const sections = { ...previous };
// A bench that throws is reported and the others still run; the run then exits 1.
const failed = [];
for (const file of files) {
  process.stderr.write(`bench: ${file} …\n`);
  try {
    const { section, rows } = await runInChild(join(here, file));
    sections[section] = rows;
    printSection(section, rows);
  } catch (err) {
    failed.push(file);
    process.stderr.write(`bench: ${file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
}

const out = {
  machine: { node: process.version, cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "unknown", platform: process.platform },
  date: new Date().toISOString(),
  sections,
};
await writeFile(resultsPath, JSON.stringify(out, null, 2) + "\n");
process.stderr.write(`bench: wrote ${resultsPath}\n`);
if (failed.length > 0) {
  process.stderr.write(`bench: ${failed.length} failed: ${failed.join(", ")}\n`);
  process.exitCode = 1;
}

async function runInChild(file) {
  const dir = await mkdtemp(join(os.tmpdir(), "quiver-bench-run-"));
  const out = join(dir, "result.json");
  try {
    // stderr passes through (progress lines); stdout is the bench's own business.
    const child = promisify(execFile)(process.execPath, [join(here, "run-one.mjs"), file, out], { maxBuffer: 64 * 1024 * 1024 });
    child.child.stderr?.pipe(process.stderr);
    await child;
    return JSON.parse(await readFile(out, "utf8"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function fmt(v) {
  if (typeof v !== "number") return String(v ?? "");
  if (Math.abs(v) >= 100) return v.toFixed(0);
  if (Math.abs(v) >= 10) return v.toFixed(1);
  return v.toFixed(3);
}

function printSection(section, rows) {
  const table = rows.map((r) => ({
    metric: r.metric,
    value: fmt(r.value),
    unit: r.unit ?? "",
    target: r.target ?? "",
    reference: r.reference ?? "",
    verdict: r.ok === undefined ? "" : r.ok ? "ok" : "MISSED",
    note: r.note ?? "",
  }));
  const cols = Object.keys(table[0] ?? { metric: "" });
  const widths = cols.map((c) => Math.max(c.length, ...table.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ").trimEnd();
  console.log(`\n## ${section}`);
  console.log(line(cols));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of table) console.log(line(cols.map((c) => r[c])));
}

// The safety layer: parse and parse+assess time per command over both safety corpora (the
// original one and issue 20's held-out one, judged in a scratch git project; median and p99), the one-off cost of loading the bash parser (in a fresh process), and the CLI
// start time, which must not grow (`quiver tools list` never loads the parser).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { assessCommand } from "../dist/safety/index.js";
import { bashParser } from "../dist/safety/parser.js";
import { median, processWallMs } from "./stats.mjs";

const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const safetyIndex = new URL("../dist/safety/index.js", import.meta.url).href;

function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

/**
 * Milliseconds of `fn(command)` per command: the median of `rounds` calls each (the median keeps
 * a preempted call on a shared machine from posing as a slow command).
 */
async function perCommandMs(commands, fn, rounds) {
  const times = commands.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < commands.length; i++) {
      const t0 = process.hrtime.bigint();
      await fn(commands[i]);
      times[i].push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return times.map(median);
}

export default async function () {
  const { DESTRUCTIVE, BENIGN } = await tsImport("../test/safety/corpus.ts", import.meta.url);
  const heldout = await tsImport("../test/safety/corpus-heldout.ts", import.meta.url);
  const commands = [...DESTRUCTIVE.map(([, command]) => command), ...BENIGN, ...heldout.CATASTROPHIC, ...heldout.DESTRUCTIVE, ...heldout.ORDINARY];
  const work = mkdtempSync(join(tmpdir(), "quiver-bench-safety-"));
  spawnSync("git", ["init", "-q"], { cwd: work });
  const opts = { cwd: work, home: "/home/tester", env: { HOME: "/home/tester", PATH: "/usr/bin:/bin" } };

  const parse = await bashParser();
  const parseOnly = async (command) => parse(command).free();
  await perCommandMs(commands, parseOnly, 3); // warm-up
  const parseTimes = await perCommandMs(commands, parseOnly, 20);
  const assess = (command) => assessCommand(command, opts);
  await perCommandMs(commands, assess, 3);
  const assessTimes = await perCommandMs(commands, assess, 20);

  const loadScript = `const t0 = performance.now(); const { assessCommand } = await import(${JSON.stringify(safetyIndex)}); ` +
    `await assessCommand("ls"); process.stdout.write(String(performance.now() - t0));`;
  const loads = [];
  for (let i = 0; i < 5; i++) {
    loads.push(Number(spawnSync(process.execPath, ["--input-type=module", "-e", loadScript], { encoding: "utf8" }).stdout));
  }

  const home = mkdtempSync(join(tmpdir(), "quiver-bench-"));
  const env = { ...process.env, QUIVER_HOME: home };
  processWallMs([cli, "tools", "list", "--no-mcp"], { env, runs: 1 }); // fills the discovery and token-count caches
  const listMs = processWallMs([cli, "tools", "list", "--no-mcp"], { env });
  const nodeOnly = processWallMs(["-e", "0"]);
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });

  const parseP99 = percentile(parseTimes, 0.99);
  return {
    section: "safety",
    rows: [
      { metric: `bash parse, median over ${commands.length} corpus commands (median of 20 calls each)`, value: median(parseTimes) * 1000, unit: "µs" },
      { metric: "bash parse, p99", value: parseP99 * 1000, unit: "µs", target: "≤ 1000", ok: parseP99 <= 1 },
      { metric: "parse + assess, median", value: median(assessTimes) * 1000, unit: "µs" },
      { metric: "parse + assess, p99", value: percentile(assessTimes, 0.99) * 1000, unit: "µs", target: "≤ 1000", ok: percentile(assessTimes, 0.99) <= 1, note: "includes glob expansion against the filesystem" },
      { metric: "first assessment in a fresh process (import + WASM load + parse)", value: median(loads), unit: "ms", note: "paid once, on the first command, never at CLI start" },
      { metric: "`quiver tools list --no-mcp`, whole process", value: listMs, unit: "ms", note: `${(listMs / nodeOnly).toFixed(2)}× bare \`node -e 0\` (${nodeOnly.toFixed(0)} ms); the parser is not loaded` },
    ],
  };
}

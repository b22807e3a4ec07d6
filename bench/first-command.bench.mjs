// The first shell command of a process: what the bash grammar's first use adds to a fresh
// process (whole-process wall, so work the process waits for at exit counts too), and
// `quiver tools call terminal` against `quiver tools call read_file`, for a command of plain
// words (judged without the grammar) and for one that needs it. Every figure alternates its
// variants run by run, so load on a shared machine hits them alike. "Before" runs the grammar's
// first use with `node --no-liftoff-only`: src/safety/parser.ts then leaves V8's tiering as it is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { median } from "./stats.mjs";

const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const safetyIndex = new URL("../dist/safety/index.js", import.meta.url).href;
const RUNS = 7;

function wallMs(args, opts) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: "utf8", ...opts });
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Wall ms of each variant ({ args, opts }) per run, alternating them run by run. */
function interleavedRuns(variants, runs = RUNS) {
  const times = variants.map(() => []);
  for (let i = 0; i < runs; i++) variants.forEach((v, k) => times[k].push(wallMs(v.args, v.opts)));
  return times;
}

const interleaved = (variants, runs) => interleavedRuns(variants, runs).map(median);
/** The median of a/b over runs made side by side: load on the box moves both alike. */
const pairedRatio = (a, b) => median(a.map((x, i) => x / b[i]));

export default async function () {
  // Outside the host's /tmp: the terminal's sandbox gives commands a private /tmp, so a workdir
  // there is refused, as it would be for a user's project.
  const scratch = join(homedir(), ".cache");
  mkdirSync(scratch, { recursive: true });
  const work = mkdtempSync(join(scratch, "quiver-bench-first-"));
  const home = join(work, "home");
  writeFileSync(join(work, "hello.txt"), "hello\n");
  const env = { ...process.env, HOME: home, QUIVER_HOME: join(work, "quiver") };
  delete env.NODE_OPTIONS;
  const BEFORE = ["--no-liftoff-only"];

  const importOnly = `await import(${JSON.stringify(safetyIndex)});`;
  // Quoting and an expansion: a line the grammar must read (plain words are judged without it).
  const firstUse = `const { assessCommand } = await import(${JSON.stringify(safetyIndex)}); await assessCommand('echo "hi $USER"');`;
  const script = (body, flags = []) => ({ args: [...flags, "--input-type=module", "-e", body], opts: { env } });
  const [bare, used, bareBefore, usedBefore] = interleaved([script(importOnly), script(firstUse), script(importOnly, BEFORE), script(firstUse, BEFORE)]);

  const call = (tool, args, flags = []) => ({ args: [...flags, cli, "tools", "call", tool, JSON.stringify(args)], opts: { env, cwd: work } });
  const echo = { command: "echo hi" };
  const quoted = { command: 'echo "hi $USER"' };
  const read = { path: "hello.txt" };
  const warm = call("read_file", read);
  wallMs(warm.args, warm.opts); // fills the discovery and token caches
  const runs = interleavedRuns([call("terminal", echo), call("read_file", read), call("terminal", quoted)], 9);
  const [terminal, readFile, terminalQuoted] = runs.map(median);
  rmSync(work, { recursive: true, force: true });

  const cost = used - bare;
  const ratio = pairedRatio(runs[0], runs[1]);
  const ratioQuoted = pairedRatio(runs[2], runs[1]);
  return {
    section: "first command",
    rows: [
      { metric: "bash grammar's first use in a fresh process (import + assess 'echo \"hi $USER\"', minus import only; whole process)", value: cost, unit: "ms", target: "≤ 100", ok: cost <= 100, reference: `before: ${(usedBefore - bareBefore).toFixed(0)} ms` },
      { metric: "`tools call terminal {echo hi}` / `tools call read_file`, whole processes", value: ratio, unit: "×", target: "≤ 1.3", ok: ratio <= 1.3, reference: "1.40× (a grammar load for every command)", note: `median of 9 side-by-side pairs; medians ${terminal.toFixed(0)} vs ${readFile.toFixed(0)} ms; plain words, judged without the grammar` },
      { metric: "`tools call terminal {echo \"hi $USER\"}` / `tools call read_file`, whole processes", value: ratioQuoted, unit: "×", note: `same runs; medians ${terminalQuoted.toFixed(0)} vs ${readFile.toFixed(0)} ms; a line the grammar must read` },
    ],
  };
}

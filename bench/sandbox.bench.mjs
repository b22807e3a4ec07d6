// Per-command cost of the terminal's OS sandbox: `bash -c true` spawned plain, against the same
// command wrapped in bwrap as the terminal wraps it (policy, argv, guarded-path snapshot and
// check), without the network bridge (no proxy) and with it (proxy on a unix socket, socat
// started inside and waited for). Alternating samples in one run; ratios against the plain spawn.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { median } from "./stats.mjs";

const SAMPLES = 60;
const WARM_UP = 5;
const TARGET_MS = 30;

export default async function sandboxBench() {
  const { detectSandbox } = await import("../dist/sandbox/detect.js");
  const { setSandboxConfig, resetSandboxConfig } = await import("../dist/sandbox/config.js");
  const { wrapCommand } = await import("../dist/sandbox/wrap.js");
  const { commandEnv } = await import("../dist/sandbox/env.js");
  const detection = detectSandbox();
  if (!detection.available || detection.backend.kind !== "bwrap") {
    return { section: "sandbox", rows: [{ metric: "sandbox per command", value: "n/a", note: `no bwrap sandbox here: ${detection.reason ?? detection.backend.kind}` }] };
  }
  const project = mkdtempSync(join("/var/tmp", "quiver-bench-sandbox-"));
  execFileSync("git", ["init", "-q", project]);
  setSandboxConfig({ project });
  const env = commandEnv();
  const withNet = detection.backend;
  const { socat: _socat, ...noNet } = withNet;
  const plain = () => timed(() => run("bash", ["-c", "true"], env, project));
  const boxed = (backend) => timed(async () => {
    const wrapped = await wrapCommand(["bash", "-c", "true"], backend, { cwd: project, env });
    await run(wrapped.file, wrapped.args, wrapped.env, project);
    await wrapped.finish({ command: "true", output: "" });
  });
  try {
    for (let i = 0; i < WARM_UP; i++) {
      await plain();
      await boxed(noNet);
      if (withNet.socat !== undefined) await boxed(withNet);
    }
    const plainMs = [];
    const noNetMs = [];
    const netMs = [];
    for (let i = 0; i < SAMPLES; i++) {
      plainMs.push(await plain());
      noNetMs.push(await boxed(noNet));
      if (withNet.socat !== undefined) netMs.push(await boxed(withNet));
    }
    const base = median(plainMs);
    const rows = [
      { metric: "plain spawn (bash -c true)", value: base, unit: "ms" },
      row("sandboxed, no network bridge", median(noNetMs), base),
    ];
    if (netMs.length > 0) rows.push(row("sandboxed, with proxy + socat bridge", median(netMs), base));
    else rows.push({ metric: "sandboxed, with proxy + socat bridge", value: "n/a", note: "socat not installed" });
    rows.push(await nestedWalkRow(project, base));
    return { section: "sandbox", rows };
  } finally {
    resetSandboxConfig();
    rmSync(project, { recursive: true, force: true });
  }
}

/** The after-command walk for nested repositories, on a project of 1,000 directories and 10,000 files. */
async function nestedWalkRow(project, base) {
  const { checkNestedRepos, baselineNestedRepos } = await import("../dist/sandbox/nested-repos.js");
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) {
    const dir = join(project, "tree", `a${a}`, `b${b}`, `c${c}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 10; f++) writeFileSync(join(dir, `f${f}.ts`), "x");
  }
  const quarantine = join(project, "q");
  baselineNestedRepos([project]);
  const ms = [];
  for (let i = 0; i < 30; i++) {
    const t0 = process.hrtime.bigint();
    checkNestedRepos([project], Date.now(), quarantine);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const walk = median(ms);
  return { metric: "nested-repository walk, 1,111 dirs / 10,000 files", value: walk, unit: "ms", note: `×${(walk / base).toFixed(2)} of the plain spawn; part of every sandboxed command` };
}

function row(metric, ms, base) {
  const overhead = ms - base;
  return { metric, value: ms, unit: "ms", target: `≤ +${TARGET_MS} ms`, ok: overhead <= TARGET_MS, note: `+${overhead.toFixed(1)} ms over plain, ×${(ms / base).toFixed(2)}` };
}

async function timed(body) {
  const t0 = process.hrtime.bigint();
  await body();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function run(file, args, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let err = "";
    child.stderr.on("data", (c) => (err += c));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}: ${err}`))));
  });
}

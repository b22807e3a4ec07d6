// The model-facing layer: handleFunctionCall overhead over registry.dispatch for a small tool
// (validator cached), and the whole-process wall time of `quiver tools list` on a warm cache.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registry } from "../dist/registry/index.js";
import { handleFunctionCall } from "../dist/model-tools.js";
import { median, nsPerOpInterleaved } from "./stats.mjs";

const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));

export default async function () {
  registry.register({
    name: "bench_add",
    toolset: "bench",
    schema: { description: "add", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
    handler: ({ a, b }) => `{"sum":${a + b}}`,
  });
  const args = { a: 1, b: 2 };
  const raw = '{"a":1,"b":2}';
  await handleFunctionCall("bench_add", raw); // compiles and caches the validator
  const [dispatchNs, objectNs, stringNs] = await nsPerOpInterleaved(
    [
      async () => { await registry.dispatch("bench_add", args); },
      async () => { await handleFunctionCall("bench_add", args); },
      async () => { await handleFunctionCall("bench_add", raw); },
    ],
    { iterations: 5_000, samples: 15 },
  );
  registry.deregister("bench_add");

  const home = mkdtempSync(join(tmpdir(), "quiver-bench-"));
  const env = { ...process.env, QUIVER_HOME: home };
  const run = () => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [cli, "tools", "list"], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`quiver tools list failed: ${r.stderr}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  run(); // fills the discovery cache
  const times = Array.from({ length: 9 }, run);
  const nodeOnly = median(Array.from({ length: 9 }, () => {
    const t0 = process.hrtime.bigint();
    spawnSync(process.execPath, ["-e", "0"]);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  }));
  rmSync(home, { recursive: true, force: true });
  const listMs = median(times);

  return {
    section: "model-tools",
    rows: [
      { metric: "registry.dispatch, small tool", value: dispatchNs, unit: "ns/call" },
      { metric: "handleFunctionCall, parsed args", value: objectNs, unit: "ns/call", note: `${(objectNs / dispatchNs).toFixed(2)}× dispatch (validate + timeout + cap)` },
      { metric: "handleFunctionCall, JSON string args", value: stringNs, unit: "ns/call", note: `${(stringNs / dispatchNs).toFixed(2)}× dispatch (+ JSON.parse)` },
      { metric: "`quiver tools list`, warm cache, whole process", value: listMs, unit: "ms", target: "≤ 250", ok: listMs <= 250, note: `bare \`node -e 0\`: ${nodeOnly.toFixed(0)} ms` },
    ],
  };
}

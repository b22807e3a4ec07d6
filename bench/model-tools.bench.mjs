// The model-facing layer: handleFunctionCall overhead over registry.dispatch for a small tool
// (validator cached), and the whole-process wall time of `quiver tools list` on a warm cache.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registry } from "../dist/registry/index.js";
import { handleFunctionCall } from "../dist/calls/model-tools.js";
import { nsPerOpInterleaved, processWallMs } from "./stats.mjs";

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
  processWallMs([cli, "tools", "list"], { env, runs: 1 }); // fills the discovery and token-count caches
  const listMs = processWallMs([cli, "tools", "list"], { env });
  const nodeOnly = processWallMs(["-e", "0"]);
  rmSync(home, { recursive: true, force: true });

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

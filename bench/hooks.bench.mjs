// The hook machinery on every tool call: with no hooks configured it is two property reads
// (hasHooks for PreToolUse and PostToolUse), measured against the whole handleFunctionCall of a
// small tool in the same run; and the cost when hooks exist but match another tool.
import { registry } from "../dist/registry/index.js";
import { handleFunctionCall } from "../dist/calls/model-tools.js";
import { clearHooks, compileHooks, hasHooks, setHooks } from "../dist/hooks/hooks.js";
import { nsPerOp, nsPerOpInterleaved } from "./stats.mjs";

/** ns per iteration of a synchronous body, the loop's own cost subtracted. */
function syncNs(body, iterations = 5_000_000) {
  const run = (fn) => {
    const t0 = process.hrtime.bigint();
    let sink = 0;
    for (let i = 0; i < iterations; i++) sink += fn() ? 1 : 0;
    if (sink < 0) throw new Error("unreachable");
    return Number(process.hrtime.bigint() - t0) / iterations;
  };
  const empty = () => false;
  const samples = [];
  for (let s = 0; s < 9; s++) samples.push(Math.max(0, run(body) - run(empty)));
  samples.sort((a, b) => a - b);
  return samples[4];
}

export default async function () {
  registry.register({
    name: "bench_hooked",
    toolset: "bench",
    schema: { description: "add", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
    handler: ({ a, b }) => `{"sum":${a + b}}`,
  });
  const args = { a: 1, b: 2 };
  clearHooks();
  await handleFunctionCall("bench_hooked", args);
  const machineryNs = syncNs(() => hasHooks("PreToolUse", "bench_hooked") || hasHooks("PostToolUse", "bench_hooked"));
  const [callNs] = await nsPerOpInterleaved([async () => { await handleFunctionCall("bench_hooked", args); }], { iterations: 5_000, samples: 15 });
  // Hooks configured, but for another tool: the matcher is tested, nothing is spawned.
  setHooks(compileHooks({ PreToolUse: [{ matcher: "Bash|terminal", hooks: [{ type: "command", command: "exit 0" }] }] }, "bench"));
  const otherNs = await nsPerOp(async () => { await handleFunctionCall("bench_hooked", args); }, { iterations: 5_000, samples: 15 });
  clearHooks();
  registry.deregister("bench_hooked");
  return {
    section: "hooks",
    rows: [
      { metric: "hook machinery per call, no hooks configured", value: machineryNs, unit: "ns/call", target: "≤ 1000", ok: machineryNs <= 1000, note: `${((machineryNs / callNs) * 100).toFixed(2)}% of the call below` },
      { metric: "handleFunctionCall, small tool, no hooks", value: callNs, unit: "ns/call" },
      { metric: "handleFunctionCall, a PreToolUse hook for another tool", value: otherNs, unit: "ns/call", note: `${(otherNs / callNs).toFixed(2)}× no hooks (matcher tested, nothing spawned)` },
    ],
  };
}

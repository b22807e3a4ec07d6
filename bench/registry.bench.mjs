// Registry hot paths: dispatch overhead against a bare awaited handler call (same run), dispatch
// at growing registry sizes, and getDefinitions for 1000 tools with 100 distinct checkFns.
import { ToolRegistry, invalidateCheckFnCache } from "../dist/registry/index.js";
import { nsPerOp, nsPerOpInterleaved, msPerRun } from "./stats.mjs";

const schema = { description: "bench tool", parameters: { type: "object", properties: { x: { type: "number" } } } };
const syncHandler = (args) => (args.x === -1 ? "never" : '{"ok":true}');
const asyncHandler = async (args) => (args.x === -1 ? "never" : '{"ok":true}');
const args = { x: 1 };

function registryWith(size, handler) {
  const r = new ToolRegistry();
  for (let i = 0; i < size; i++) r.register({ name: `tool_${i}`, toolset: `ts_${i % 10}`, schema, handler });
  return r;
}

export default async function () {
  const rows = [];
  const ctx = {};
  const sync100 = registryWith(100, syncHandler);
  const async100 = registryWith(100, asyncHandler);
  const [bareSync, dSync, bareAsync, dAsync] = await nsPerOpInterleaved([
    async () => { await syncHandler(args, ctx); },
    async () => { await sync100.dispatch("tool_50", args, ctx); },
    async () => { await asyncHandler(args, ctx); },
    async () => { await async100.dispatch("tool_50", args, ctx); },
  ]);
  rows.push(
    { metric: "bare awaited sync handler", value: bareSync, unit: "ns/call" },
    { metric: "dispatch, sync handler", value: dSync, unit: "ns/call", note: `${(dSync / bareSync).toFixed(2)}× bare` },
    { metric: "dispatch overhead, sync", value: dSync - bareSync, unit: "ns/call", target: "≤ 100", reference: "5 000 (Python)", ok: dSync - bareSync <= 100 },
    { metric: "bare awaited async handler", value: bareAsync, unit: "ns/call" },
    { metric: "dispatch, async handler", value: dAsync, unit: "ns/call", note: `${(dAsync / bareAsync).toFixed(2)}× bare` },
    { metric: "dispatch overhead, async", value: dAsync - bareAsync, unit: "ns/call", target: "≤ 200", reference: "15 700 (Python)", ok: dAsync - bareAsync <= 200 },
  );

  const sizes = [10, 100, 1000];
  const bySize = await nsPerOpInterleaved(sizes.map((size) => {
    const r = registryWith(size, syncHandler);
    const name = `tool_${size >> 1}`;
    return async () => { await r.dispatch(name, args, ctx); };
  }));
  sizes.forEach((size, i) => rows.push({ metric: `dispatch with ${size} tools`, value: bySize[i], unit: "ns/call", reference: size === 10 ? "5.0 µs (Python)" : size === 1000 ? "8.1 µs (Python)" : "" }));
  rows.push({ metric: "dispatch growth 10 → 1000 tools", value: bySize[2] / bySize[0], unit: "×", target: "flat (≈1×)", reference: "1.62×", ok: bySize[2] / bySize[0] < 1.3 });

  const checks = Array.from({ length: 100 }, (_, i) => () => i >= 0);
  const buildDefs = () => {
    const r = new ToolRegistry();
    for (let i = 0; i < 1000; i++) r.register({ name: `tool_${String(i).padStart(4, "0")}`, toolset: `ts_${i % 20}`, schema, handler: syncHandler, checkFn: checks[i % 100] });
    return r;
  };
  const names = buildDefs().getAllToolNames();
  const fresh = Array.from({ length: 30 }, buildDefs);
  let k = 0;
  const first = await msPerRun(async () => { invalidateCheckFnCache(); await fresh[k++ % fresh.length].getDefinitions(names); }, { samples: 25, warmup: 3 });
  const warmRegistry = buildDefs();
  await warmRegistry.getDefinitions(names);
  const cold = await msPerRun(async () => { invalidateCheckFnCache(); await warmRegistry.getDefinitions(names); }, { samples: 25, warmup: 3 });
  const warm = (await nsPerOp(async () => { await warmRegistry.getDefinitions(names); }, { iterations: 200, samples: 15 })) / 1e6;
  rows.push(
    { metric: "getDefinitions 1000 tools / 100 checks, cold", value: cold, unit: "ms", target: "≤ 0.3", reference: "2.8 ms (Python)", ok: cold <= 0.3, note: "check cache cleared: all 100 checks run" },
    { metric: "getDefinitions, first call on a new registry", value: first, unit: "ms", note: "check cache cleared and the registry never queried (CPU caches cold)" },
    { metric: "getDefinitions 1000 tools / 100 checks, memoised", value: warm, unit: "ms", target: "≤ 0.3", reference: "2.8 ms (Python)", ok: warm <= 0.3 },
  );
  return { section: "registry", rows };
}

// The compaction decision per request (issue 23: ≤ 1 ms at 500 messages): the agent appends the
// new message to its running estimate and compares the calibrated total with `compactAt` of the
// window. Measured against what it replaces: re-estimating every message (fresh objects, so no
// memo) and counting the history with the real tokenizer (o200k_base), in the same run.
import { nsPerOp, msPerRun } from "./stats.mjs";

const MESSAGES = 500;

function history(n) {
  const out = [];
  for (let i = 0; out.length < n; i++) {
    out.push({ role: "user", content: `Turn ${i}: please look at src/module-${i}.ts and tell me what it does.` });
    out.push({ role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, type: "function", function: { name: "read_file", arguments: JSON.stringify({ path: `src/module-${i}.ts` }) } }] });
    out.push({ role: "tool", tool_call_id: `call_${i}`, content: `export function f${i}() {\n${"  return compute(a, b, c);\n".repeat(60)}}\n` });
    out.push({ role: "assistant", content: `Module ${i} exports f${i}, which computes a value from a, b and c.` });
  }
  return out.slice(0, n);
}

export default async function compactionBench() {
  const { ContextKeeper } = await import("../dist/agent/compaction/context-keeper.js");
  const { messageTokens } = await import("../dist/agent/compaction/estimate.js");
  const { getToolDefinitions } = await import("../dist/calls/model-tools.js");
  const { loadBuiltinTools } = await import("../dist/calls/model-tools.js");
  const { countTokens } = await import("../dist/tokens/tool-tokens.js");
  await loadBuiltinTools();
  const definitions = await getToolDefinitions({});
  const { definitionsTokens } = await import("../dist/agent/compaction/estimate.js");
  const system = "You are quiver, a coding agent. ".repeat(80);

  const messages = history(MESSAGES);
  const keeper = new ContextKeeper(messages, { window: 10_000_000 });
  keeper.meter.report(200_000, keeper.estimate(system, definitionsTokens(definitions)));

  // One request's decision: a new message arrives, then the check (tools measured as the agent does).
  let i = 0;
  const decide = () => {
    const message = { role: "user", content: `follow-up ${i++}` };
    messages.push(message);
    keeper.added(message);
    messages.pop();
    return keeper.needsCompaction(messages.length, system, definitionsTokens(definitions));
  };
  const decisionNs = await nsPerOp(decide, { iterations: 20_000, samples: 15 });

  // What a recount would cost: every message estimated afresh (structured clones defeat the memo).
  const clones = Array.from({ length: 8 }, () => structuredClone(messages));
  let c = 0;
  const recount = () => {
    let total = 0;
    for (const m of clones[c++ % clones.length].map((x) => ({ ...x }))) total += messageTokens(m);
    return total;
  };
  const recountNs = await nsPerOp(recount, { iterations: 50, samples: 9 });
  await countTokens("warm up");
  const tokenizerMs = await msPerRun(async () => countTokens(JSON.stringify(messages)), { samples: 5 });

  const decisionMs = decisionNs / 1e6;
  return {
    section: "compaction",
    rows: [
      { metric: `compaction decision per request, ${MESSAGES} messages`, value: decisionMs, unit: "ms", target: "≤ 1 ms", ok: decisionMs <= 1, note: `${definitions.length} tool definitions; median of 15 × 20k` },
      { metric: `re-estimating all ${MESSAGES} messages (no memo)`, value: recountNs / 1e6, unit: "ms", reference: `${(recountNs / decisionNs).toFixed(0)}× the decision` },
      { metric: `tokenizer count of ${MESSAGES} messages (o200k_base)`, value: tokenizerMs, unit: "ms", reference: `${((tokenizerMs * 1e6) / decisionNs).toFixed(0)}× the decision` },
    ],
  };
}

// What the normalising layer costs per streamed chunk: each recorded provider stream
// (test/fixtures/providers) is parsed from its SSE text and assembled into one AssistantTurn,
// against parsing the same chunks alone (JSON.parse, which the SDK does for every chunk anyway).
// Both are measured in one run; the ratio is what normalising adds on top of the parse.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nsPerOp } from "./stats.mjs";

const FIXTURES = join(import.meta.dirname, "../test/fixtures/providers");
const STREAMS = ["deepseek/tool-call.sse", "openai/text.sse", "mistral/thinking-parts.sse", "openrouter/reasoning-tool-call.sse", "groq/reasoning.sse"];

export default async function providersBench() {
  const { TurnAssembler } = await import("../dist/llm/index.js");
  const payloads = STREAMS.flatMap((path) =>
    readFileSync(join(FIXTURES, path), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
      .map((line) => line.slice("data: ".length)),
  );
  const chunks = payloads.length;
  let sink = 0;
  const parseOnly = () => {
    for (const payload of payloads) sink += JSON.parse(payload).choices.length;
  };
  const parseAndAssemble = () => {
    let assembler;
    for (const payload of payloads) {
      const chunk = JSON.parse(payload);
      // A stream per fixture: a new turn starts at each response's first (role) chunk.
      if (chunk.choices?.[0]?.delta?.role === "assistant" || assembler === undefined) {
        if (assembler !== undefined) sink += assembler.finish([]).toolCalls.length;
        assembler = new TurnAssembler();
      }
      assembler.push(chunk);
    }
    sink += assembler.finish([]).toolCalls.length;
  };
  const parseNs = await nsPerOp(parseOnly, { iterations: 200, samples: 15 });
  const fullNs = await nsPerOp(parseAndAssemble, { iterations: 200, samples: 15 });
  if (sink < 0) throw new Error("unreachable");
  const addedPerChunk = (fullNs - parseNs) / chunks;
  return {
    section: "providers",
    rows: [
      {
        metric: "normalising a recorded chunk into the turn, on top of JSON.parse",
        value: addedPerChunk / 1000,
        unit: "µs/chunk",
        target: "≤ 5 µs",
        ok: addedPerChunk / 1000 <= 5,
        note: `${chunks} chunks of ${STREAMS.length} recorded streams`,
      },
      { metric: "parse + normalise / parse alone", value: fullNs / parseNs, unit: "×", note: "same chunks, one run" },
    ],
  };
}

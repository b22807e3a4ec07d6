// Agent overhead per tool round, excluding the model. A scripted OpenAI-compatible server with
// zero latency answers 100 rounds of one `read_file` call, then a final text. The same requests
// (same bodies, same replies) are then replayed straight through the chat client, without the
// agent; the difference per round is what the agent adds: running the tool, the history, the
// session transcript, events. Both are measured in one run, alternating samples.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertToolResult, withScriptedAgent } from "./scripted-agent.mjs";
import { median } from "./stats.mjs";

const ROUNDS = 100;
const SAMPLES = 7;

export default async function agentBench() {
  return withScriptedAgent("quiver-bench-agent-", async ({ work, server, client, Agent, Session, text, toolCall }) => {
    const file = join(work, "notes.txt");
    writeFileSync(file, "one line of notes\n".repeat(20));
    const script = () => [...Array.from({ length: ROUNDS }, () => toolCall("read_file", { path: file })), text("done")];
    const agentRun = async () => {
      server.push(...script());
      const agent = new Agent({ client, session: Session.create(), maxIterations: ROUNDS + 1, toolsets: ["file"] });
      const first = server.chatRequests.length;
      const t0 = process.hrtime.bigint();
      const result = await agent.run("read the notes 100 times");
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (result.iterations !== ROUNDS + 1) throw new Error(`expected ${ROUNDS + 1} model calls, got ${result.iterations}`);
      return { ms, bodies: server.chatRequests.slice(first).map((r) => r.body) };
    };

    // Replays the agent's own requests through the client: the model-side cost of the same run.
    const bareRun = async (bodies) => {
      server.push(...script());
      const t0 = process.hrtime.bigint();
      for (const body of bodies) await client.streamChat({ messages: body.messages, tools: body.tools ?? [], onTextDelta: () => {} });
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };

    const { bodies } = await agentRun(); // warm-up: JIT, schema compilation, file cache
    assertToolResult(bodies, "1|one line of notes");
    await bareRun(bodies);
    const agentMs = [];
    const bareMs = [];
    for (let s = 0; s < SAMPLES; s++) {
      const run = await agentRun();
      agentMs.push(run.ms);
      bareMs.push(await bareRun(run.bodies));
    }
    const agentTotal = median(agentMs);
    const bareTotal = median(bareMs);
    const requests = ROUNDS + 1;
    const overheadPerRound = (agentTotal - bareTotal) / ROUNDS;
    return {
      section: "agent",
      rows: [
        {
          metric: "agent overhead per tool round (read_file), model excluded",
          value: overheadPerRound,
          unit: "ms",
          target: "≤ 2 ms",
          ok: overheadPerRound <= 2,
          note: `(${agentTotal.toFixed(1)} − ${bareTotal.toFixed(1)}) ms / ${ROUNDS} rounds`,
        },
        { metric: `agent run: ${ROUNDS} tool rounds + answer`, value: agentTotal, unit: "ms", note: `median of ${SAMPLES}` },
        { metric: "same requests straight to the scripted server", value: bareTotal / requests, unit: "ms/request", note: `${requests} requests, median of ${SAMPLES}` },
        { metric: "agent run / bare requests", value: agentTotal / bareTotal, unit: "×" },
      ],
    };
  });
}

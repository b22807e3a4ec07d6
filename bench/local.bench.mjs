// The local provider on the generated GGUF fixture (2 layers, hidden 64; random weights), one
// thread, CPU only: how long the fixture takes to write and to load, how fast it generates, and
// what quiver's agent loop adds per round on top of the model. The overhead is measured in one
// run: the agent's wall time minus the time spent inside the client's streamChat, per round.
import { writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { withBenchHome } from "./scripted-agent.mjs";
import { median } from "./stats.mjs";

const LOAD_SAMPLES = 5;
const GEN_TOKENS = 200;
const ROUNDS = 10; // the fixture's tokens are bytes: 10 rounds fill its 4096-token context, so a compaction (a model call too) is part of the run

/**
 * node-llama-cpp is installed on first use, not by npm ci: beside quiver, where the developer's own
 * `quiver models runtime` put it, or where the test setup caches it (test/setup/llama-runtime.ts).
 * Found before the bench's temporary $QUIVER_HOME hides the developer's.
 */
async function findRuntime() {
  const { besideQuiver, isLlamaCppInstalled, runtimeDir, LLAMA_CPP_VERSION } = await import("../dist/llm/local/runtime.js");
  if (besideQuiver()) return "";
  const ciCache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "quiver-ci", `llama-runtime-${LLAMA_CPP_VERSION}`);
  return [runtimeDir(), ciCache].find((dir) => isLlamaCppInstalled(dir));
}

export default async function localBench() {
  const runtime = await findRuntime();
  if (runtime === undefined) {
    return { section: "local", rows: [{ metric: "local provider", value: 0, unit: "", note: "skipped: node-llama-cpp is not installed (run `quiver models runtime`, or `npm test` once, which caches it)" }] };
  }
  const saved = process.env.QUIVER_LLAMA_RUNTIME;
  if (runtime !== "") process.env.QUIVER_LLAMA_RUNTIME = runtime;
  try {
    return await measure();
  } finally {
    if (saved === undefined) delete process.env.QUIVER_LLAMA_RUNTIME;
    else process.env.QUIVER_LLAMA_RUNTIME = saved;
  }
}

function measure() {
  return withBenchHome("quiver-bench-local-", async (home) => {
    try {
      const { writeFixtureModel } = await import("../test/helpers/gguf-fixture.ts");
      const { fixtureClient } = await import("../test/helpers/local-model.ts");
      const { Agent, Session } = await import("../dist/agent/index.js");
      const { loadBuiltinTools } = await import("../dist/calls/model-tools.js");
      // Beside quiver, or where `quiver models runtime` put it.
      const { getLlama } = await (await import("../dist/llm/local/runtime.js")).loadLlamaCpp();
      await loadBuiltinTools();

      const path = join(home, "fixture.gguf");
      const w0 = performance.now();
      const bytes = writeFixtureModel(path);
      const writeMs = performance.now() - w0;

      const g0 = performance.now();
      const llama = await getLlama({ gpu: false, maxThreads: 1 });
      const runtimeMs = performance.now() - g0;
      const loads = [];
      for (let i = 0; i < LOAD_SAMPLES; i++) {
        const t0 = performance.now();
        const model = await llama.loadModel({ modelPath: path });
        const context = await model.createContext({ contextSize: 4096, threads: 1 });
        loads.push(performance.now() - t0);
        await context.dispose();
        await model.dispose();
      }

      // Plain text, no tools: tokens per second of the fixture through quiver's client.
      const textClient = await fixtureClient(path, { maxTokens: GEN_TOKENS });
      await textClient.streamChat({ messages: [{ role: "user", content: "warm up" }] });
      const speeds = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const turn = await textClient.streamChat({ messages: [{ role: "user", content: `say something ${i}` }], onTextDelta: () => {} });
        speeds.push(turn.usage.completionTokens / ((performance.now() - t0) / 1000));
      }

      // Agent rounds: the fixture always calls a tool (function-call mode), read_file only.
      writeFileSync(join(home, "notes.txt"), "one line of notes\n");
      const local = await fixtureClient(path, { maxTokens: 200, seed: 7 }); // seeded: the random-weight fixture can sample arguments its grammar then rejects
      let modelMs = 0;
      const client = {
        settings: local.settings,
        compat: local.compat,
        streamChat: async (request) => {
          const t0 = performance.now();
          try {
            return await local.streamChat({ ...request, tools: request.tools?.filter((tool) => tool.function.name === "read_file") });
          } finally {
            modelMs += performance.now() - t0;
          }
        },
        complete: (request) => local.complete(request),
        listModels: () => local.listModels(),
      };
      const agentRun = async () => {
        const agent = new Agent({ client, session: Session.create(), maxIterations: ROUNDS, toolsets: ["file"], cwd: home, systemPrompt: "Use tools." });
        modelMs = 0;
        const a0 = performance.now();
        const result = await agent.run("read notes.txt");
        return { agentMs: performance.now() - a0, modelMs, iterations: result.iterations };
      };
      await agentRun(); // warm-up: tool definitions, schema compilation, JIT
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await agentRun());
      const perRound = runs.map((run) => (run.agentMs - run.modelMs) / run.iterations);
      const overhead = median(perRound);
      const typical = runs[perRound.indexOf(overhead)] ?? runs[0];

      return {
        section: "local",
        rows: [
          { metric: "fixture GGUF write (530 KB, seeded)", value: writeMs, unit: "ms", note: `${bytes} bytes` },
          { metric: "node-llama-cpp runtime start (getLlama, CPU, 1 thread)", value: runtimeMs, unit: "ms" },
          { metric: "fixture load (model + 4096-token context)", value: median(loads), unit: "ms", note: `median of ${LOAD_SAMPLES}` },
          { metric: "fixture generation speed, 1 thread", value: median(speeds), unit: "tokens/s", note: `${GEN_TOKENS} tokens, median of 3` },
          {
            metric: "agent loop overhead per round on the local provider",
            value: overhead,
            unit: "ms",
            target: "≤ 5 ms",
            ok: overhead <= 5,
            note: `median of 3 runs, e.g. (${typical.agentMs.toFixed(0)} − ${typical.modelMs.toFixed(0)} in the model) ms / ${typical.iterations} model calls`,
          },
        ],
      };
    } finally {
      const { unloadAll } = await import("../dist/llm/local/loader.js");
      await unloadAll();
    }
  });
}

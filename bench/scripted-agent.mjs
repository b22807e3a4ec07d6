// Shared setup of the benches that run the agent: a temp QUIVER_HOME (removed afterwards) with
// the test helpers compiled on the fly by tsx, and, for most, the scripted OpenAI-compatible server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { register } from "tsx/esm/api";

/** Runs `fn(home)` with QUIVER_HOME pointed at a fresh temp folder and TypeScript test helpers importable. */
export async function withBenchHome(prefix, fn) {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const savedHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
  const unregister = register();
  try {
    return await fn(home);
  } finally {
    await unregister();
    if (savedHome === undefined) delete process.env.QUIVER_HOME;
    else process.env.QUIVER_HOME = savedHome;
    rmSync(home, { recursive: true, force: true });
  }
}

export function withScriptedAgent(prefix, fn) {
  return withBenchHome(prefix, async (home) => {
    const scripted = await import("../test/helpers/scripted-openai-server.ts");
    const { Agent, Session } = await import("../dist/agent/index.js");
    const { createChatClient, resolveModelSettings } = await import("../dist/llm/index.js");
    const { loadBuiltinTools } = await import("../dist/calls/model-tools.js");
    await loadBuiltinTools();
    const server = await scripted.startScriptedServer();
    const settings = resolveModelSettings({ flags: { baseUrl: server.baseUrl, model: "bench-model" }, env: { OPENAI_API_KEY: "bench-key" } });
    try {
      return await fn({ home, server, client: createChatClient(settings), Agent, Session, text: scripted.text, toolCall: scripted.toolCall });
    } finally {
      await server.close();
    }
  });
}

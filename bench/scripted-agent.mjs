// Shared setup of the benches that run the agent: a temp QUIVER_HOME (removed afterwards) with
// the test helpers compiled on the fly by tsx, and, for most, the scripted OpenAI-compatible server.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { register } from "tsx/esm/api";

/**
 * Runs `fn(home, work)` with QUIVER_HOME (`home`) pointed at a fresh temp folder and TypeScript test
 * helpers importable. `work` is a project folder beside it: files a tool reads belong there, since
 * everything under $QUIVER_HOME is a protected read (a read_file there is refused, not timed).
 */
export async function withBenchHome(prefix, fn) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const home = join(root, "quiver");
  const work = join(root, "work");
  mkdirSync(home);
  mkdirSync(work);
  const savedHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
  const unregister = register();
  try {
    return await fn(home, work);
  } finally {
    await unregister();
    if (savedHome === undefined) delete process.env.QUIVER_HOME;
    else process.env.QUIVER_HOME = savedHome;
    rmSync(root, { recursive: true, force: true });
  }
}

export function withScriptedAgent(prefix, fn) {
  return withBenchHome(prefix, async (home, work) => {
    const scripted = await import("../test/helpers/scripted-openai-server.ts");
    const { Agent, Session } = await import("../dist/agent/index.js");
    const { createChatClient, resolveModelSettings } = await import("../dist/llm/index.js");
    const { loadBuiltinTools } = await import("../dist/calls/model-tools.js");
    await loadBuiltinTools();
    const server = await scripted.startScriptedServer();
    const settings = resolveModelSettings({ flags: { baseUrl: server.baseUrl, model: "bench-model" }, env: { OPENAI_API_KEY: "bench-key" } });
    try {
      return await fn({ home, work, server, client: createChatClient(settings), Agent, Session, text: scripted.text, toolCall: scripted.toolCall });
    } finally {
      await server.close();
    }
  });
}

/** Throws unless the requests carry a tool result holding `needle`: a bench must time the call succeeding, not an error. */
export function assertToolResult(bodies, needle) {
  const results = bodies.flatMap((body) => body.messages.filter((m) => m.role === "tool").map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))));
  if (!results.some((content) => content.includes(needle))) throw new Error(`bench: no tool result holds ${JSON.stringify(needle)}; got ${JSON.stringify(results.at(-1))?.slice(0, 300)}`);
}

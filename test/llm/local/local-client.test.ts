import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, type AgentEvent } from "../../../src/agent/index.js";
import { isAbortError, type ChatClient } from "../../../src/llm/index.js";
import { unloadAll } from "../../../src/llm/local/loader.js";
import { loadBuiltinTools } from "../../../src/calls/model-tools.js";
import { registry } from "../../../src/registry/index.js";
import type { ToolDefinition } from "../../../src/registry/types.js";
import { fixtureClient, fixtureModel, type FixtureModel } from "../../helpers/local-model.js";

let fixture: FixtureModel;
let tools: ToolDefinition[];

beforeAll(async () => {
  fixture = fixtureModel();
  await loadBuiltinTools();
  tools = await registry.getDefinitions(["read_file", "write_file", "search_files", "patch", "terminal"]);
});

afterAll(async () => {
  await unloadAll();
  fixture.cleanup();
});

describe("local provider on the generated fixture", () => {
  it("loads the model and streams the reply chunk by chunk into onTextDelta", async () => {
    const client = await fixtureClient(fixture.path);
    const deltas: string[] = [];
    const turn = await client.streamChat({ messages: [{ role: "user", content: "hello" }], onTextDelta: (text) => deltas.push(text) });
    expect(deltas.length).toBeGreaterThan(3);
    expect(turn.content).toBe(deltas.join(""));
    expect(turn.toolCalls).toEqual([]);
    expect(turn.usage?.completionTokens).toBeGreaterThan(0);
    expect(turn.usage?.promptTokens).toBeGreaterThan(0);
    expect(client.settings.provider).toBe("local");
  });

  it("makes tool calls whose arguments parse and validate against the registry's schemas, whatever the weights", async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const seed of [1, 2, 3]) {
      const client = await fixtureClient(fixture.path, { seed, maxTokens: 120 });
      const turn = await client.streamChat({ messages: [{ role: "user", content: "read the readme" }], tools });
      expect(turn.toolCalls.length).toBeGreaterThan(0);
      expect(turn.finishReason).toBe("tool_calls");
      for (const call of turn.toolCalls) {
        const definition = tools.find((tool) => tool.function.name === call.name);
        expect(definition, call.name).toBeDefined();
        const args: unknown = JSON.parse(call.arguments);
        const validate = ajv.compile(definition!.function.parameters as object);
        expect(validate(args), `${call.name} ${call.arguments} ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });

  it("stops generating when the signal aborts, after the partial text was streamed", async () => {
    const client = await fixtureClient(fixture.path, { maxTokens: 2000 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const reply = client.streamChat({
      messages: [{ role: "user", content: "go on" }],
      signal: controller.signal,
      onTextDelta: (text) => {
        deltas.push(text);
        if (deltas.length === 5) controller.abort();
      },
    });
    const err = await reply.then(() => undefined, (e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    expect(deltas.length).toBeLessThan(20);
  });

  it("runs one agent round: the model calls read_file, the tool really runs, the result goes back", async () => {
    const work = join(fixture.dir, "work");
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, "notes.txt"), "hello\n");
    const local = await fixtureClient(fixture.path, { seed: 3, maxTokens: 200 });
    // Only read_file reaches the model, so the grammar can call nothing else.
    const client: ChatClient = {
      settings: local.settings,
      compat: local.compat,
      streamChat: (request) => local.streamChat({ ...request, tools: request.tools?.filter((tool) => tool.function.name === "read_file") }),
      complete: (request) => local.complete(request),
      listModels: () => local.listModels(),
    };
    const events: AgentEvent[] = [];
    const agent = new Agent({ client, toolsets: ["file"], maxIterations: 1, cwd: work, systemPrompt: "Use tools.", onEvent: (e) => events.push(e) });
    const result = await agent.run("read notes.txt");
    const ends = events.filter((e): e is Extract<AgentEvent, { type: "tool_end" }> => e.type === "tool_end");
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.every((e) => e.name === "read_file")).toBe(true);
    // Random weights pick a random path: the tool ran and answered (a read or a clear error).
    expect(ends.every((e) => e.result.length > 0)).toBe(true);
    const toolMessages = result.messages.filter((m) => m.role === "tool");
    expect(toolMessages.length).toBe(ends.length);
    expect(result.status).toBeDefined();
  });
});

/**
 * A tool's warmUp runs beside the checkpoint taken before its call (src/calls/warm-up.ts), in
 * the agent's tool runner and `tools call` alike, and never fails the call.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runToolCalls } from "../../src/agent/tool-runner.js";
import { warmUpTool } from "../../src/calls/warm-up.js";
import { registry } from "../../src/registry/index.js";

const NAME = "warm_up_probe_tool";
afterEach(() => registry.deregister(NAME));

function register(warmUp: (args: Readonly<Record<string, unknown>>) => Promise<void>, seen: string[]): void {
  registry.register({
    name: NAME,
    toolset: "warm-up-test",
    schema: { description: "records its call", parameters: { type: "object" } },
    handler: () => (seen.push("handler"), "{}"),
    warmUp,
  });
}

describe("warmUpTool", () => {
  it("resolves when the tool's warm-up throws, and for a tool without one or an unknown name", async () => {
    register(() => Promise.reject(new Error("no grammar")), []);
    await expect(warmUpTool(NAME, {})).resolves.toBeUndefined();
    await expect(warmUpTool("no_such_tool", {})).resolves.toBeUndefined();
  });

  it("hands the warm-up the call's arguments, parsed from the model's JSON text when they are one object", async () => {
    const got: unknown[] = [];
    register(async (args) => void got.push(args), []);
    await warmUpTool(NAME, { command: "ls" });
    await warmUpTool(NAME, '{"command":"git status"}');
    await warmUpTool(NAME, "not json");
    await warmUpTool(NAME, "[1]");
    expect(got).toEqual([{ command: "ls" }, { command: "git status" }, {}, {}]);
  });
});

describe("the tool runner", () => {
  it("starts a writer's warm-up while its checkpoint is still being taken, and runs the call after both", async () => {
    const seen: string[] = [];
    let warmStarted!: () => void;
    const warmedUp = new Promise<void>((resolve) => (warmStarted = resolve));
    register(async (args) => {
      seen.push(`warm-up ${JSON.stringify(args)}`);
      warmStarted();
    }, seen);
    // The checkpoint only finishes once the warm-up has begun: run one after the other, this would hang.
    const beforeWrite = async (): Promise<void> => {
      await warmedUp;
      seen.push("checkpoint");
    };
    const results: string[] = [];
    await runToolCalls([{ id: "c1", name: NAME, arguments: '{"command":"make"}' }], {
      offered: new Set([NAME]),
      maxParallel: 4,
      attachImages: false,
      emit: () => undefined,
      beforeWrite,
      onResult: (message) => results.push(String(message.content)),
    });
    expect(seen).toEqual(['warm-up {"command":"make"}', "checkpoint", "handler"]);
    expect(results).toEqual(["{}"]);
  });
});

import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/registry/tool-registry.js";

const tool = (name: string, answer = name) => ({ name, toolset: "b", schema: {}, handler: () => answer });

describe("registry.batch", () => {
  it("applies staged changes at once, with one generation bump, and readers see the old state until then", async () => {
    const registry = new ToolRegistry();
    registry.register(tool("old"));
    const start = registry.generation;
    const seen: string[][] = [];
    const registered = await registry.batch(async (batch) => {
      registry.deregister("old");
      registry.register(tool("new1"));
      await new Promise((r) => setTimeout(r, 5));
      registry.register(tool("new2"));
      seen.push(registry.getAllToolNames());
      return [...batch.registered];
    });
    expect(seen).toEqual([["old"]]);
    expect(registered).toEqual(["new1", "new2"]);
    expect(registry.getAllToolNames()).toEqual(["new1", "new2"]);
    expect(registry.generation).toBe(start + 1);
  });

  it("a batch that throws applies nothing; batches run one after another", async () => {
    const registry = new ToolRegistry();
    const failed = registry.batch(() => {
      registry.register(tool("lost"));
      throw new Error("boom");
    });
    const second = registry.batch(() => void registry.register(tool("kept")));
    await expect(failed).rejects.toThrow("boom");
    await second;
    expect(registry.getAllToolNames()).toEqual(["kept"]);
  });

  it("names stay sorted however they were registered", () => {
    const registry = new ToolRegistry();
    for (const name of ["c", "a", "b"]) registry.register(tool(name));
    expect(registry.getAllToolNames()).toEqual(["a", "b", "c"]);
    registry.deregister("b");
    expect(registry.getAllToolNames()).toEqual(["a", "c"]);
  });
});

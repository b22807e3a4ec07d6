import { afterEach, describe, expect, it } from "vitest";
import { getToolDefinitions, offeredNames } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";

const TS = "defs-snapshot";
const registered: string[] = [];

function add(name: string, checkFn?: () => boolean) {
  registry.register({ name, toolset: TS, schema: { description: name, parameters: { type: "object" } }, handler: () => "{}", ...(checkFn && { checkFn }) });
  registered.push(name);
}

afterEach(() => {
  for (const name of registered.splice(0)) registry.deregister(name);
});

const names = (defs: readonly { function: { name: string } }[]) => defs.map((d) => d.function.name);

describe("getToolDefinitions: one snapshot", () => {
  it("is an array that also carries the snapshot's generation, definitions and names", async () => {
    add("snap_b");
    add("snap_a");
    const list = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(Array.isArray(list)).toBe(true);
    expect(names(list)).toEqual(["snap_a", "snap_b"]);
    expect(list.generation).toBe(registry.generation);
    expect(names(list.definitions)).toEqual(["snap_a", "snap_b"]);
    expect(Object.isFrozen(list.definitions)).toBe(true);
    expect([...list.names].sort()).toEqual(["snap_a", "snap_b"]);
    // The extra properties are not elements: JSON and spreading see a plain array.
    expect(JSON.parse(JSON.stringify(list))).toHaveLength(2);
    expect(Object.keys(list)).toEqual(["0", "1"]);
  });

  it("hands out a fresh array over the shared snapshot, so a caller's changes do not reach the next call", async () => {
    add("snap_a");
    add("snap_b");
    const first = await getToolDefinitions({ enabledToolsets: [TS] });
    first.reverse();
    first.pop();
    first.push(first[0]!);
    const second = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(second).not.toBe(first);
    expect(names(second)).toEqual(["snap_a", "snap_b"]);
    expect(second.definitions).toBe(first.definitions);
    expect(second.names).toBe(first.names);
    expect(() => (second.definitions as unknown[]).push({})).toThrow(TypeError);
  });

  it("takes a new snapshot, with a new generation, when the registry changes", async () => {
    add("snap_a");
    const before = await getToolDefinitions({ enabledToolsets: [TS] });
    add("snap_c");
    const after = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(after.definitions).not.toBe(before.definitions);
    expect(after.names.has("snap_c")).toBe(true);
    expect(before.names.has("snap_c")).toBe(false);
    registry.deregister("snap_c");
    const removed = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(removed.generation).toBeGreaterThan(after.generation);
    expect(names(removed)).toEqual(["snap_a"]);
  });

  it("keeps one snapshot per selection, whatever the order the toolsets are named in", async () => {
    add("snap_a");
    const one = await getToolDefinitions({ enabledToolsets: [TS, "nothing-here"] });
    const two = await getToolDefinitions({ enabledToolsets: ["nothing-here", TS] });
    expect(two.definitions).toBe(one.definitions);
    const other = await getToolDefinitions({ enabledToolsets: [TS], disabledToolsets: [TS] });
    expect(other).toEqual([]);
    expect(other.names.size).toBe(0);
  });

  it("offers only available tools, in the array and in names", async () => {
    add("snap_a");
    add("snap_off", () => false);
    const list = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(names(list)).toEqual(["snap_a"]);
    expect(list.names.has("snap_off")).toBe(false);
  });

  it("offers the same names without a copy, synchronously once memoised (serve checks every call)", async () => {
    add("snap_c");
    const list = await getToolDefinitions({ enabledToolsets: [TS] });
    const names = offeredNames({ enabledToolsets: [TS] });
    expect(names).not.toBeInstanceOf(Promise);
    expect(names).toBe(list.names);
    add("snap_d");
    const after = offeredNames({ enabledToolsets: [TS] });
    expect(after).toBeInstanceOf(Promise);
    expect([...(await after)].sort()).toEqual(["snap_c", "snap_d"]);
  });
});

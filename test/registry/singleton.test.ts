import { describe, expect, it } from "vitest";

describe("the registry singleton", () => {
  it("stays one instance when a second copy of the module is loaded", async () => {
    const first = await import("../../src/registry/tool-registry.js");
    // A query string makes Node/Vite load a distinct copy of the module, as a second install would.
    const copy = "../../src/registry/tool-registry.js?copy=2";
    const second = (await import(/* @vite-ignore */ copy)) as typeof first;
    expect(second.ToolRegistry).not.toBe(first.ToolRegistry);
    expect(second.registry).toBe(first.registry);
  });
});

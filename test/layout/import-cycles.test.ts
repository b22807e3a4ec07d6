import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "../helpers/imports.js";

const SRC = join(import.meta.dirname, "../../src");

describe("import cycles", () => {
  it("finds a cycle when there is one (the detector itself works)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
      ["e.ts", ["e.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  });

  it("reads static, type-only and dynamic imports of src/", () => {
    const graph = importGraph(SRC);
    // chat-command.ts reaches chat.ts only through import("./chat.js").
    expect(graph.get(join("cli", "chat-command.ts"))).toContain(join("cli", "chat.ts"));
    expect(graph.get(join("cli", "program.ts"))).toContain(join("cli", "chat-command.ts"));
    // main.ts loads the command through a top-level await import("./program.js").
    expect(graph.get(join("cli", "main.ts"))).toContain(join("cli", "program.ts"));
  });

  it("src/ has none: static, type-only and dynamic imports all count", () => {
    expect(importCycles(importGraph(SRC))).toEqual([]);
  });
});

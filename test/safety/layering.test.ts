import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsIn } from "../helpers/imports.js";

describe("safety layering", () => {
  it("imports nothing of ours from outside src/safety, and loads the parser only on demand", () => {
    const offenders = importsIn(join(import.meta.dirname, "../../src/safety"))
      .filter(({ spec, dynamic, statement }) => spec.startsWith("..") || (spec === "web-tree-sitter" && !dynamic && !/import type/.test(statement)))
      .map(({ file, spec }) => `${file}: ${spec}`);
    expect(offenders).toEqual([]);
  });
});

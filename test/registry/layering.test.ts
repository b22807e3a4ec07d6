import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsIn } from "../helpers/imports.js";

describe("registry layering", () => {
  it("imports nothing of ours from outside src/registry", () => {
    const offenders = importsIn(join(import.meta.dirname, "../../src/registry"))
      .filter(({ spec }) => spec.startsWith("..") || /(?:^|\/)(tools|agent|cli|mcp|llm)\//.test(spec) || spec.includes("model-tools"))
      .map(({ file, spec }) => `${file}: ${spec}`);
    expect(offenders).toEqual([]);
  });
});

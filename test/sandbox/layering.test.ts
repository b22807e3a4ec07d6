import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsIn } from "../helpers/imports.js";

describe("sandbox layering", () => {
  it("imports nothing of ours but src/safety (it sits beside it)", () => {
    const offenders = importsIn(join(import.meta.dirname, "../../src/sandbox"))
      .filter(({ spec }) => spec.startsWith("..") && !spec.startsWith("../safety/"))
      .map(({ file, spec }) => `${file}: ${spec}`);
    expect(offenders).toEqual([]);
  });
});

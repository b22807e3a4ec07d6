import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../src");

describe("source layout", () => {
  it("keeps only index.ts at the root of src/: every other file lives in the folder of its layer", () => {
    const loose = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== "index.ts")
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
  });
});

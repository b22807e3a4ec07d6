import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../src/safety");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

describe("safety layering", () => {
  it("imports nothing of ours from outside src/safety, and loads the parser only on demand", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(root).filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(join(root, file), "utf8");
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? "";
        if (spec.startsWith("..")) offenders.push(`${file}: ${spec}`);
        if (spec === "web-tree-sitter" && m[2] === undefined && !/import type/.test(m[0])) offenders.push(`${file}: static import of ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

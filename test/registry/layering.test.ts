import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../src/registry");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

describe("registry layering", () => {
  it("imports nothing of ours from outside src/registry", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(root).filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(join(root, file), "utf8");
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? "";
        if (spec.startsWith("..") || /(?:^|\/)(tools|agent|cli|mcp|llm)\//.test(spec) || spec.includes("model-tools")) {
          offenders.push(`${file}: ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

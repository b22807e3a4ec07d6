import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolSearchOptions } from "../../src/cli/chat.js";
import { loadConfig } from "../../src/config/config.js";
import { contextWindowFor, toolTokenBudget } from "../../src/tokens/context-window.js";
import type { ToolDefinition } from "../../src/registry/index.js";
import { countTokens, definitionsExceed, definitionTokens } from "../../src/tokens/tool-tokens.js";

let home: string;
let previousHome: string | undefined;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "quiver-toolsearch-config-"));
  // Token counts are memoised in $QUIVER_HOME/cache: keep them out of the real home.
  previousHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
});
afterEach(async () => {
  if (previousHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = previousHome;
  await rm(home, { recursive: true, force: true });
});

function definition(name: string, description: string): ToolDefinition {
  return { type: "function", function: { name, description, parameters: { type: "object", properties: {} } } };
}

describe("token accounting", () => {
  it("counts with the o200k_base encoding", async () => {
    expect(await countTokens("hello world")).toBe(2);
    const [small, large] = await definitionTokens([definition("a", "x"), definition("b", "word ".repeat(100))]);
    expect(large! - small!).toBeGreaterThanOrEqual(99);
  });

  it("decides whether definitions exceed a budget, exactly past the character bound", async () => {
    const defs = [definition("lookup", "alpha beta gamma ".repeat(50))];
    const tokens = (await definitionTokens(defs))[0]!;
    expect(await definitionsExceed(defs, tokens)).toBe(false);
    expect(await definitionsExceed(defs, tokens - 1)).toBe(true);
    expect(await definitionsExceed(defs, 1_000_000)).toBe(false);
  });
});

describe("context windows", () => {
  it("prefers the configured window, then the longest known prefix, else unknown", () => {
    expect(contextWindowFor("gpt-4o-mini", 9_000)).toBe(9_000);
    expect(contextWindowFor("gpt-4o-mini")).toBe(128_000);
    expect(contextWindowFor("openai/gpt-4.1-mini")).toBe(1_047_576);
    expect(contextWindowFor("gpt-4")).toBe(8_192);
    expect(contextWindowFor("my-finetune")).toBeUndefined();
    expect(toolTokenBudget(128_000)).toBe(12_800);
    expect(toolTokenBudget(undefined)).toBe(5_000);
  });
});

describe("config.yaml tools section", () => {
  it("reads tools.search, tools.alwaysLoad (list, string or snake_case) and model.contextWindow", async () => {
    await writeFile(join(home, "config.yaml"), "model:\n  name: local-llm\n  context_window: 32768\ntools:\n  search: on\n  always_load: read_file, tool_search\n");
    const config = await loadConfig(home);
    expect(config.tools).toEqual({ search: "on", alwaysLoad: ["read_file", "tool_search"] });
    expect(toolSearchOptions(config, config.model?.name)).toEqual({ mode: "on", alwaysLoad: ["read_file", "tool_search"], contextWindow: 32_768 });
    expect(toolSearchOptions({}, "gpt-4o")).toEqual({ contextWindow: 128_000 });
  });

  it("rejects an unknown mode or key with what is expected", async () => {
    await writeFile(join(home, "config.yaml"), "tools:\n  search: sometimes\n  alwaysLoadd: [x]\n");
    const message = await loadConfig(home).then(
      () => "",
      (err: Error) => err.message,
    );
    expect(message).toMatch(/tools\.search: expected off, auto or on/);
    expect(message).toMatch(/tools\.alwaysLoadd: unknown key; expected one of: search, alwaysLoad/);
  });
});

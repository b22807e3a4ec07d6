import { describe, expect, it } from "vitest";
import { modelLocation, resolveModelSettings } from "../../../src/llm/index.js";
import { fitToSchema, toGrammarSchema, toHistory } from "../../../src/llm/local/history.js";

describe("local model settings", () => {
  it("a local: model needs no API key and no endpoint, even with a provider preset that would want one", () => {
    for (const input of [
      { flags: { model: "local:qwen3-1.7b" }, env: {} },
      { flags: { model: "local:/models/x.gguf", provider: "openai" }, env: {} },
      { flags: {}, env: { QUIVER_MODEL: "local:hf:user/repo:Q4_K_M" } },
    ]) {
      const resolved = resolveModelSettings(input);
      expect(resolved.problem, JSON.stringify(input)).toBeUndefined();
      expect(resolved.model).toMatch(/^local:/);
      // The chat header and /model say where it runs, not the unused default endpoint.
      expect(modelLocation(resolved.model!, resolved.baseUrl)).toBe("this process (local)");
    }
    expect(modelLocation("gpt-4o", "https://api.openai.com/v1")).toBe("https://api.openai.com/v1");
  });
});

describe("local history and schemas", () => {
  it("puts tool results on the function calls they answer", () => {
    const history = toHistory([
      { role: "system", content: "be brief" },
      { role: "user", content: [{ type: "text", text: "read it" }] },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } }] },
      { role: "tool", tool_call_id: "c1", content: "1|hello" },
    ]);
    expect(history).toEqual([
      { type: "system", text: "be brief" },
      { type: "user", text: "read it" },
      { type: "model", response: [{ type: "functionCall", name: "read_file", params: { path: "a" }, result: "1|hello" }] },
      { type: "model", response: [] },
    ]);
  });

  it("optional keys become nullable in the grammar and are dropped again; numbers are brought within bounds", () => {
    const schema = {
      type: "object",
      properties: { path: { type: "string", pattern: "^x" }, limit: { type: "integer", minimum: 1, maximum: 2000 } },
      required: ["path"],
    };
    const grammar = toGrammarSchema(schema, { maxStringLength: 8 }) as unknown as Record<string, Record<string, unknown>>;
    expect(grammar.properties!.path).toEqual({ type: "string", maxLength: 8 });
    expect(grammar.properties!.limit).toEqual({ oneOf: [{ type: "integer" }, { type: "null" }] });
    expect(fitToSchema({ path: "x", limit: null }, schema)).toEqual({ path: "x" });
    expect(fitToSchema({ path: "x", limit: -4 }, schema)).toEqual({ path: "x", limit: 1 });
    expect(fitToSchema({ path: "x", limit: 2e7 }, schema)).toEqual({ path: "x", limit: 2000 });
  });
});

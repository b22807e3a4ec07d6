/**
 * dispatch and handleFunctionCall answer every call with a bounded `{"error": ...}` whatever a
 * handler throws, rejects with or returns: objects without a prototype, Proxies whose traps
 * throw, errors whose getters throw, and the odd result values (finding 3 and 10 of issue 10).
 */
import { describe, expect, it } from "vitest";
import { ToolRegistry, describeError, registry, toolError, MAX_ERROR_CHARS, TRUNCATION_MARK } from "../../src/registry/index.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { oddThrowables, oddResults } from "../helpers/odd-values.js";

const BOUND = MAX_ERROR_CHARS + TRUNCATION_MARK.length;

function expectBoundedError(output: unknown): Record<string, unknown> {
  expect(typeof output).toBe("string");
  const body = JSON.parse(output as string) as Record<string, unknown>;
  expect(typeof body.error).toBe("string");
  expect((body.error as string).length).toBeLessThanOrEqual(BOUND + 40);
  return body;
}

describe("describeError never throws", () => {
  it.each(Object.entries(oddThrowables()))("describes %s", (_label, value) => {
    const text = describeError(value);
    expect(typeof text).toBe("string");
    expect(text.length).toBeGreaterThan(0);
  });

  it("keeps the name and message of an ordinary error", () => {
    expect(describeError(new RangeError("too big"))).toBe("RangeError: too big");
    expect(describeError("plain")).toBe("plain");
  });
});

describe("the error builders never throw either", () => {
  it("toolError keeps the message when an extra field cannot be serialised", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(JSON.parse(toolError("bad thing", { n: 1n, ok: "kept?" }))).toEqual({ error: "bad thing" });
    expect(JSON.parse(toolError("bad thing", { c: cyclic }))).toEqual({ error: "bad thing" });
  });

  it("dispatch answers a name that is not a string (a JS caller's mistake)", async () => {
    expectBoundedError(await new ToolRegistry().dispatch(Symbol("x") as unknown as string, {}));
  });
});

describe("dispatch with odd throwables", () => {
  for (const [label, value] of Object.entries(oddThrowables())) {
    it(`a handler that throws ${label} gets a bounded error`, async () => {
      const r = new ToolRegistry();
      r.register({ name: "t", toolset: "ts", schema: {}, handler: () => { throw value; } });
      expectBoundedError(await r.dispatch("t", {}));
    });

    it(`a handler that rejects with ${label} gets a bounded error`, async () => {
      const r = new ToolRegistry();
      r.register({ name: "t", toolset: "ts", schema: {}, handler: () => Promise.reject(value) });
      expectBoundedError(await r.dispatch("t", {}));
    });
  }
});

describe("dispatch with odd results", () => {
  for (const [label, value] of Object.entries(oddResults())) {
    it(`a handler that returns ${label} gets a tool_result_contract error`, async () => {
      const r = new ToolRegistry();
      r.register({ name: "t", toolset: "ts", schema: {}, handler: () => value });
      const body = expectBoundedError(await r.dispatch("t", {}));
      expect(body.error_type).toBe("tool_result_contract");
    });
  }

  it("a valid multimodal envelope still passes through as is", async () => {
    const r = new ToolRegistry();
    const envelope = { _multimodal: true as const, content: [{ type: "text", text: "hi" }, { type: "image", data: "AAAA", mimeType: "image/png" }], text_summary: "hi" };
    r.register({ name: "t", toolset: "ts", schema: {}, handler: () => envelope });
    expect(await r.dispatch("t", {})).toBe(envelope);
  });

  it("a multimodal envelope that cannot be sent names the bad part", async () => {
    const r = new ToolRegistry();
    r.register({ name: "t", toolset: "ts", schema: {}, handler: () => ({ _multimodal: true, content: [{ type: "image", size: 10n }] }) });
    const body = expectBoundedError(await r.dispatch("t", {}));
    expect(body.error).toContain("content[0].size");
    expect(body.error).toContain("bigint");
  });
});

describe("handleFunctionCall with odd throwables", () => {
  it("settles with an error for every kind, also through a thenable whose then throws", async () => {
    const names: string[] = [];
    const cases: Array<[string, () => unknown]> = [];
    for (const [label, value] of Object.entries(oddThrowables())) {
      cases.push([`throw ${label}`, () => { throw value; }], [`reject ${label}`, () => Promise.reject(value)]);
    }
    for (const [label, value] of Object.entries(oddResults())) cases.push([`return ${label}`, () => value]);
    cases.forEach(([, handler], i) => {
      const name = `odd_throwable_${i}`;
      names.push(name);
      registry.register({ name, toolset: "odd-throwables-test", schema: {}, handler, timeoutMs: 5_000 });
    });
    try {
      const outputs = await Promise.all(names.map((name) => handleFunctionCall(name, "{}")));
      outputs.forEach((output) => expectBoundedError(output));
    } finally {
      for (const name of names) registry.deregister(name);
    }
  });

  it("answers raw arguments that are a Proxy whose traps throw", async () => {
    registry.register({ name: "odd_args", toolset: "odd-throwables-test", schema: {}, handler: () => "ok" });
    try {
      const hostile = new Proxy({}, { ownKeys: () => { throw new Error("no keys"); }, get: () => { throw new Error("no get"); } });
      expectBoundedError(await handleFunctionCall("odd_args", hostile));
    } finally {
      registry.deregister("odd_args");
    }
  });
});

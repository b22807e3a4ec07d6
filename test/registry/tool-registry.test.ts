import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ToolRegistry,
  addLogSink,
  configureAvailability,
  invalidateCheckFnCache,
  type LogRecord,
  type RegisterOptions,
} from "../../src/registry/index.js";

const params = { type: "object", properties: { x: { type: "number" } } };

function tool(name: string, toolset: string, extra: Partial<RegisterOptions> = {}): RegisterOptions {
  return {
    name,
    toolset,
    schema: { description: `${name} does things`, parameters: params },
    handler: (args) => JSON.stringify({ name, args }),
    ...extra,
  };
}

let logs: LogRecord[] = [];
let removeSink: () => void = () => {};
let clock = 1_000_000;
let restoreClock: () => void = () => {};

beforeEach(() => {
  logs = [];
  removeSink = addLogSink((r) => logs.push(r));
  clock = 1_000_000;
  restoreClock = configureAvailability({ now: () => clock });
  invalidateCheckFnCache();
});

afterEach(() => {
  removeSink();
  restoreClock();
  invalidateCheckFnCache();
});

describe("register", () => {
  it("returns a frozen entry with defaults filled in", () => {
    const r = new ToolRegistry();
    const entry = r.register(tool("a", "ts1"));
    expect(entry).toBeDefined();
    expect(entry?.description).toBe("a does things");
    expect(entry?.requiresEnv).toEqual([]);
    expect(entry?.emoji).toBe("");
    expect(Object.isFrozen(entry)).toBe(true);
    expect(r.getEntry("a")).toBe(entry);
  });

  it("prefers an explicit description over schema.description", () => {
    const r = new ToolRegistry();
    expect(r.register(tool("a", "ts1", { description: "explicit" }))?.description).toBe("explicit");
  });

  it.each([
    ["a string", "nope"],
    ["an array", []],
    ["null", null],
    ["a class instance", new Map()],
  ])("throws TypeError at once when schema is %s", (_label, schema) => {
    const r = new ToolRegistry();
    expect(() => r.register({ ...tool("a", "ts1"), schema: schema as never })).toThrow(TypeError);
    expect(r.getEntry("a")).toBeUndefined();
    expect(r.generation).toBe(0);
  });

  it("throws TypeError when schema.parameters is present but not a plain object", () => {
    const r = new ToolRegistry();
    expect(() => r.register({ ...tool("a", "ts1"), schema: { parameters: "object" as never } })).toThrow(/parameters/);
    expect(() => r.register({ ...tool("b", "ts1"), schema: { parameters: [] as never } })).toThrow(TypeError);
  });

  it("accepts a schema without parameters", () => {
    const r = new ToolRegistry();
    expect(r.register({ ...tool("a", "ts1"), schema: { description: "none" } })).toBeDefined();
  });

  it("replaces silently within the same toolset", () => {
    const r = new ToolRegistry();
    r.register(tool("a", "ts1"));
    const second = r.register(tool("a", "ts1", { description: "v2" }));
    expect(second?.description).toBe("v2");
    expect(r.getEntry("a")).toBe(second);
    expect(logs.filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
  });

  it("refuses a cross-toolset collision, returns undefined and logs both toolsets", () => {
    const r = new ToolRegistry();
    const original = r.register(tool("terminal", "terminal"));
    const gen = r.generation;
    expect(r.register(tool("terminal", "plugin"))).toBeUndefined();
    expect(r.getEntry("terminal")).toBe(original);
    expect(r.generation).toBe(gen);
    const error = logs.find((l) => l.level === "error");
    expect(error?.message).toContain('"terminal"');
    expect(error?.message).toContain('"plugin"');
    expect(error?.message).toMatch(/override/);
  });

  it("replaces across toolsets with override: true and logs at info", () => {
    const r = new ToolRegistry();
    r.register(tool("terminal", "terminal"));
    const replaced = r.register(tool("terminal", "plugin", { override: true }));
    expect(replaced?.toolset).toBe("plugin");
    expect(r.getToolsetForTool("terminal")).toBe("plugin");
    expect(r.getRegisteredToolsetNames()).toEqual(["plugin"]);
    expect(logs.some((l) => l.level === "info" && l.message.includes("overridden"))).toBe(true);
  });

  it("bumps generation on every change", () => {
    const r = new ToolRegistry();
    expect(r.generation).toBe(0);
    r.register(tool("a", "ts1"));
    expect(r.generation).toBe(1);
    r.register(tool("a", "ts1"));
    expect(r.generation).toBe(2);
    r.registerToolsetAlias("one", "ts1");
    expect(r.generation).toBe(3);
    expect(r.deregister("a")).toBe(true);
    expect(r.generation).toBe(4);
    expect(r.deregister("a")).toBe(false);
    expect(r.generation).toBe(4);
  });

  it("notifies change listeners with the new generation", () => {
    const r = new ToolRegistry();
    const seen: number[] = [];
    const off = r.onChange((g) => seen.push(g));
    r.register(tool("a", "ts1"));
    r.deregister("a");
    off();
    r.register(tool("b", "ts1"));
    expect(seen).toEqual([1, 2]);
  });
});

describe("a registry of three tools across two toolsets", () => {
  function build(): ToolRegistry {
    const r = new ToolRegistry();
    r.register(tool("read", "file", { emoji: "📖", requiresEnv: ["FILE_ROOT"], maxResultSizeChars: Infinity }));
    r.register(tool("write", "file", { emoji: "" }));
    r.register(tool("shell", "terminal", { emoji: "💻", maxResultSizeChars: 50 }));
    r.registerToolsetAlias("files", "file");
    return r;
  }

  it("lists names, toolsets and memberships sorted", () => {
    const r = build();
    expect(r.getAllToolNames()).toEqual(["read", "shell", "write"]);
    expect(r.getRegisteredToolsetNames()).toEqual(["file", "terminal"]);
    expect(r.getToolNamesForToolset("file")).toEqual(["read", "write"]);
    expect(r.getToolNamesForToolset("nope")).toEqual([]);
    expect(r.getToolToToolsetMap()).toEqual({ read: "file", shell: "terminal", write: "file" });
    expect(r.getToolsetForTool("shell")).toBe("terminal");
    expect(r.getSchema("read")).toEqual({ description: "read does things", parameters: params });
    expect(r.getSchema("nope")).toBeUndefined();
  });

  it("resolves aliases and forgets unknown ones", () => {
    const r = build();
    expect(r.getToolsetAliasTarget("files")).toBe("file");
    expect(r.getToolsetAliasTarget("unknown")).toBeUndefined();
    expect(r.getToolsetAliases()).toEqual({ files: "file" });
  });

  it("drops a toolset's aliases when its last tool is deregistered", () => {
    const r = build();
    r.deregister("read");
    expect(r.getToolsetAliasTarget("files")).toBe("file");
    r.deregister("write");
    expect(r.getToolsetAliasTarget("files")).toBeUndefined();
    expect(r.getRegisteredToolsetNames()).toEqual(["terminal"]);
  });

  it("serves emoji with a fallback when unset or empty", () => {
    const r = build();
    expect(r.getEmoji("read")).toBe("📖");
    expect(r.getEmoji("write")).toBe("⚡");
    expect(r.getEmoji("nope", "?")).toBe("?");
  });

  it("serves the result cap, else the fallback, else 100 000", () => {
    const r = build();
    expect(r.getMaxResultSize("read")).toBe(Infinity);
    expect(r.getMaxResultSize("shell")).toBe(50);
    expect(r.getMaxResultSize("write", 7)).toBe(7);
    expect(r.getMaxResultSize("write")).toBe(100_000);
  });
});

describe("getDefinitions", () => {
  it("returns OpenAI format sorted by name and skips unknown names", async () => {
    const r = new ToolRegistry();
    r.register(tool("zeta", "ts1"));
    r.register(tool("alpha", "ts2"));
    const defs = await r.getDefinitions(["zeta", "missing", "alpha"]);
    expect(defs).toEqual([
      { type: "function", function: { description: "alpha does things", parameters: params, name: "alpha" } },
      { type: "function", function: { description: "zeta does things", parameters: params, name: "zeta" } },
    ]);
  });

  it("sorts a small subset of a large registry too", async () => {
    const r = new ToolRegistry();
    for (let i = 0; i < 50; i++) r.register(tool(`t${String(i).padStart(2, "0")}`, "ts"));
    const defs = await r.getDefinitions(new Set(["t40", "t03"]));
    expect(defs.map((d) => d.function.name)).toEqual(["t03", "t40"]);
  });

  it("answers any array of names alike: the listing itself, an ascending subset, unsorted, with duplicates and unknown names", async () => {
    const r = new ToolRegistry();
    for (const name of ["b", "d", "a", "c", "e"]) r.register(tool(name, "ts"));
    const names = async (wanted: string[]) => (await r.getDefinitions(wanted)).map((d) => d.function.name);
    expect(await names(r.getAllToolNames())).toEqual(["a", "b", "c", "d", "e"]);
    expect(await names(["a", "c", "cc", "e", "zz"])).toEqual(["a", "c", "e"]);
    expect(await names(["e", "a", "c"])).toEqual(["a", "c", "e"]);
    expect(await names(["a", "a", "b", "b"])).toEqual(["a", "b"]);
    expect(await names(["a", "b", "c", "d", "x"])).toEqual(["a", "b", "c", "d"]);
    expect(await names([])).toEqual([]);
  });

  it("lists what is registered now after a tool is replaced or removed between listings", async () => {
    const r = new ToolRegistry();
    r.register(tool("a", "ts"));
    r.register(tool("b", "ts"));
    const all = r.getAllToolNames();
    await r.getDefinitions(all);
    r.register({ ...tool("a", "ts"), schema: { description: "a, replaced", parameters: params }, override: true });
    r.deregister("b");
    expect((await r.getDefinitions(all)).map((d) => d.function.description)).toEqual(["a, replaced"]);
  });

  it("skips tools whose check is false, throws, rejects or times out", async () => {
    const restore = configureAvailability({ asyncTimeoutMs: 20 });
    try {
      const r = new ToolRegistry();
      r.register(tool("ok", "ts", { checkFn: () => true }));
      r.register(tool("no", "ts", { checkFn: () => false }));
      r.register(tool("throws", "ts", { checkFn: () => { throw new Error("boom"); } }));
      r.register(tool("rejects", "ts", { checkFn: async () => { throw new Error("async boom"); } }));
      r.register(tool("hangs", "ts", { checkFn: () => new Promise<boolean>(() => {}) }));
      r.register(tool("asyncOk", "ts", { checkFn: async () => true }));
      const defs = await r.getDefinitions(r.getAllToolNames());
      expect(defs.map((d) => d.function.name)).toEqual(["asyncOk", "ok"]);
      expect(logs.some((l) => l.level === "warn" && l.message.includes("threw"))).toBe(true);
      expect(logs.some((l) => l.level === "warn" && l.message.includes("took over 20 ms"))).toBe(true);
    } finally {
      restore();
    }
  });

  it("runs each distinct checkFn at most once per call", async () => {
    const r = new ToolRegistry();
    let shared = 0;
    let own = 0;
    const sharedCheck = () => (shared++, true);
    for (let i = 0; i < 5; i++) r.register(tool(`s${i}`, "ts", { checkFn: sharedCheck }));
    r.register(tool("own", "ts", { checkFn: () => (own++, true) }));
    await r.getDefinitions(r.getAllToolNames());
    expect(shared).toBe(1);
    expect(own).toBe(1);
  });

  it("reads one consistent snapshot while an async check is pending", async () => {
    const r = new ToolRegistry();
    let release: (ok: boolean) => void = () => {};
    r.register(tool("slow", "ts", { checkFn: () => new Promise<boolean>((res) => (release = res)) }));
    r.register(tool("plain", "ts"));
    const pending = r.getDefinitions(r.getAllToolNames());
    r.deregister("plain");
    r.register(tool("late", "ts"));
    release(true);
    const defs = await pending;
    expect(defs.map((d) => d.function.name)).toEqual(["plain", "slow"]);
  });

  it("shallow-merges dynamic overrides and falls back to the static schema when they throw", async () => {
    const r = new ToolRegistry();
    r.register(tool("dyn", "ts", { dynamicSchemaOverrides: () => ({ description: "now with 4 workers" }) }));
    r.register(tool("bad", "ts", { dynamicSchemaOverrides: () => { throw new Error("nope"); } }));
    const defs = await r.getDefinitions(["dyn", "bad"]);
    expect(defs[0]?.function).toEqual({ description: "bad does things", parameters: params, name: "bad" });
    expect(defs[1]?.function).toEqual({ description: "now with 4 workers", parameters: params, name: "dyn" });
  });

  it("uses the registered name even when the schema carries another", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("real", "ts"), schema: { name: "other", parameters: params } });
    const [def] = await r.getDefinitions(["real"]);
    expect(def?.function.name).toBe("real");
  });

  it("hands out definitions a caller cannot corrupt", async () => {
    const r = new ToolRegistry();
    r.register(tool("a", "ts"));
    const first = await r.getDefinitions(["a"]);
    first.push(first[0]!);
    expect(() => {
      (first[0]!.function as { description?: string }).description = "hacked";
    }).toThrow(TypeError);
    expect((await r.getDefinitions(["a"])).map((d) => d.function.description)).toEqual(["a does things"]);
  });
});

describe("dispatch", () => {
  it("runs a sync handler and passes its string through", async () => {
    const r = new ToolRegistry();
    r.register(tool("a", "ts"));
    expect(await r.dispatch("a", { x: 1 })).toBe('{"name":"a","args":{"x":1}}');
  });

  it("awaits an async handler and hands it the context", async () => {
    const r = new ToolRegistry();
    const controller = new AbortController();
    r.register({ ...tool("a", "ts"), handler: async (_args, ctx) => JSON.stringify({ aborted: ctx.signal?.aborted }) });
    expect(await r.dispatch("a", {}, { signal: controller.signal })).toBe('{"aborted":false}');
  });

  it("answers an unknown tool with the exact error", async () => {
    expect(await new ToolRegistry().dispatch("nope", {})).toBe('{"error":"Unknown tool: nope"}');
  });

  it("turns a throw into an error naming the error type", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("a", "ts"), handler: () => { throw new TypeError("bad input"); } });
    expect(await r.dispatch("a", {})).toBe('{"error":"Tool execution failed: TypeError: bad input"}');
  });

  it("turns a rejection into an error", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("a", "ts"), handler: async () => { throw new Error("later"); } });
    expect(JSON.parse(await r.dispatch("a", {}) as string)).toEqual({ error: "Tool execution failed: Error: later" });
  });

  it("passes the multimodal envelope through untouched", async () => {
    const r = new ToolRegistry();
    const envelope = { _multimodal: true as const, content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] };
    r.register({ ...tool("img", "ts"), handler: () => envelope });
    expect(await r.dispatch("img", {})).toBe(envelope);
  });

  it.each([
    [{ a: 1 }, "object"],
    [new Map(), "object"],
    [42, "number"],
    [undefined, "undefined"],
    [null, "null"],
    [[1], "array"],
  ])("refuses an unsupported result %j with a tool_result_contract error", async (value, type) => {
    const r = new ToolRegistry();
    r.register({ ...tool("bad", "ts"), handler: () => value });
    expect(JSON.parse(await r.dispatch("bad", {}) as string)).toEqual({
      error: `Tool handler returned unsupported result type: ${type}`,
      error_type: "tool_result_contract",
      tool: "bad",
      result_type: type,
    });
  });

  it("bounds the text of a thrown error at 2048 chars", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("a", "ts"), handler: () => { throw new Error("x".repeat(10_000)); } });
    const body = JSON.parse(await r.dispatch("a", {}) as string) as { error: string };
    expect(body.error.length).toBe(2048 + "… [truncated]".length);
    expect(body.error.endsWith("… [truncated]")).toBe(true);
  });

  it("bounds an oversized error a handler returns itself, keeping its other fields", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("a", "ts"), handler: () => JSON.stringify({ error: "y".repeat(5000), code: 7 }) });
    const body = JSON.parse(await r.dispatch("a", {}) as string) as { error: string; code: number };
    expect(body.error).toBe("y".repeat(2048) + "… [truncated]");
    expect(body.code).toBe(7);
  });

  it("leaves a large successful result alone", async () => {
    const r = new ToolRegistry();
    const big = JSON.stringify({ output: "z".repeat(5000) });
    r.register({ ...tool("a", "ts"), handler: () => big });
    expect(await r.dispatch("a", {})).toBe(big);
  });
});

describe("dispatchEager", () => {
  it("answers a sync handler synchronously, checked as dispatch checks it", () => {
    const r = new ToolRegistry();
    r.register(tool("a", "ts"));
    r.register({ ...tool("bad", "ts"), handler: () => 42 });
    r.register({ ...tool("throws", "ts"), handler: () => { throw new TypeError("bad input"); } });
    expect(r.dispatchEager("a", { x: 1 })).toBe('{"name":"a","args":{"x":1}}');
    expect(JSON.parse(r.dispatchEager("bad", {}) as string)).toMatchObject({ error_type: "tool_result_contract", result_type: "number" });
    expect(r.dispatchEager("throws", {})).toBe('{"error":"Tool execution failed: TypeError: bad input"}');
    expect(r.dispatchEager("nope", {})).toBe('{"error":"Unknown tool: nope"}');
  });

  it("returns a promise that never rejects for an async handler", async () => {
    const r = new ToolRegistry();
    r.register({ ...tool("later", "ts"), handler: async () => { throw new Error("later"); } });
    r.register({ ...tool("ok", "ts"), handler: async () => "done" });
    const failing = r.dispatchEager("later", {});
    expect(failing).toBeInstanceOf(Promise);
    expect(JSON.parse((await failing) as string)).toEqual({ error: "Tool execution failed: Error: later" });
    expect(await r.dispatchEager("ok", {})).toBe("done");
  });
});

describe("toolset availability", () => {
  it("is available when one tool has no check or a passing one", async () => {
    const r = new ToolRegistry();
    r.register(tool("a", "mixed", { checkFn: () => false, requiresEnv: ["A_KEY"] }));
    r.register(tool("b", "mixed"));
    r.register(tool("c", "dead", { checkFn: () => false, requiresEnv: ["C_KEY", "B_KEY"] }));
    r.register(tool("d", "dead", { checkFn: () => { throw new Error("x"); }, requiresEnv: ["B_KEY"] }));
    expect(await r.isToolsetAvailable("mixed")).toBe(true);
    expect(await r.isToolsetAvailable("dead")).toBe(false);
    expect(await r.isToolsetAvailable("unknown")).toBe(false);
    expect(await r.checkToolsetRequirements()).toEqual({ dead: false, mixed: true });
    expect(await r.checkToolAvailability()).toEqual({
      available: ["mixed"],
      unavailable: [{ name: "dead", envVars: ["B_KEY", "C_KEY"], tools: ["c", "d"] }],
    });
    r.setToolsetDescription("mixed", "Mixed bag");
    expect(await r.getAvailableToolsets()).toEqual({
      dead: { available: false, tools: ["c", "d"], description: "", requirements: ["B_KEY", "C_KEY"] },
      mixed: { available: true, tools: ["a", "b"], description: "Mixed bag", requirements: ["A_KEY"] },
    });
  });

  it("keeps a flaky tool visible within the grace period after a success", async () => {
    const r = new ToolRegistry();
    let up = true;
    r.register(tool("flaky", "ts", { checkFn: () => up }));
    expect(await r.isToolsetAvailable("ts")).toBe(true);
    up = false;
    clock += 31_000; // cache expired, within the 60 s grace
    expect(await r.isToolsetAvailable("ts")).toBe(true);
    clock += 30_000; // 61 s after the last success
    expect(await r.isToolsetAvailable("ts")).toBe(false);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { validatorCompilations } from "../../src/calls/validation.js";
import { getToolDefinitions, handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry, type RegisterOptions } from "../../src/registry/index.js";

const TS = "mt-test";
let home = "";
const savedHome = process.env.QUIVER_HOME;
const names: string[] = [];

function add(opts: Partial<RegisterOptions> & { name: string }) {
  registry.register({ toolset: TS, schema: { parameters: { type: "object" } }, handler: (args) => JSON.stringify(args), ...opts });
  names.push(opts.name);
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "quiver-mt-"));
  process.env.QUIVER_HOME = home;
  add({
    name: "mt_echo",
    schema: {
      description: "echo",
      parameters: {
        type: "object",
        properties: {
          n: { type: "integer" },
          flag: { type: "boolean" },
          tags: { type: "array", items: { type: "string" } },
          opts: { type: "object", properties: { depth: { type: "number" } }, required: ["depth"] },
          mode: { type: "string", enum: ["fast", "slow"] },
        },
        required: ["n"],
        additionalProperties: false,
      },
    },
  });
});

afterAll(() => {
  for (const n of names) registry.deregister(n);
  if (savedHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = savedHome;
  rmSync(home, { recursive: true, force: true });
});

const call = async (name: string, raw: unknown, ctx = {}) => JSON.parse((await handleFunctionCall(name, raw, ctx)) as string);

describe("arguments", () => {
  it("treats empty arguments as {}", async () => {
    add({ name: "mt_noargs", handler: (args) => JSON.stringify({ got: args }) });
    expect(await call("mt_noargs", "")).toEqual({ got: {} });
    expect(await call("mt_noargs", "   ")).toEqual({ got: {} });
    expect(await call("mt_noargs", undefined)).toEqual({ got: {} });
  });

  it("repairs slightly malformed JSON", async () => {
    expect(await call("mt_echo", "{'n': 3, 'flag': True,}")).toEqual({ n: 3, flag: true });
  });

  it("refuses arguments that were cut off instead of repairing them", async () => {
    const body = await call("mt_echo", '{"n": 3, "mode": "fa');
    expect(body.error_type).toBe("truncated_arguments");
    expect(body.error).toMatch(/cut off/);
  });

  it("tells the model to send valid JSON when repair fails", async () => {
    const body = await call("mt_echo", "not json at all {{{ ]]");
    expect(["invalid_json", "invalid_arguments"]).toContain(body.error_type);
    expect(body.error).toMatch(/JSON/);
  });

  it("refuses JSON that is not an object", async () => {
    const body = await call("mt_echo", "[1,2]");
    expect(body).toMatchObject({ error_type: "invalid_arguments" });
    expect(body.error).toMatch(/must be a JSON object.*array/);
  });

  it("accepts an already-parsed object", async () => {
    expect(await call("mt_echo", { n: 1 })).toEqual({ n: 1 });
  });
});

describe("coercion and validation", () => {
  it("coerces obvious scalar mismatches the schema allows", async () => {
    expect(await call("mt_echo", '{"n": "42", "flag": "true"}')).toEqual({ n: 42, flag: true });
  });

  it("parses a JSON string where the schema wants an array or object", async () => {
    expect(await call("mt_echo", { n: 1, tags: '["a","b"]', opts: '{"depth": 2}' })).toEqual({ n: 1, tags: ["a", "b"], opts: { depth: 2 } });
  });

  it("wraps a scalar into an array for array types", async () => {
    expect(await call("mt_echo", { n: 1, tags: "solo" })).toEqual({ n: 1, tags: ["solo"] });
  });

  it("reports every validation error with its path", async () => {
    const body = await call("mt_echo", { n: "many", opts: {}, mode: "medium", extra: 1 });
    expect(body.error_type).toBe("invalid_arguments");
    const paths = body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["/extra", "/mode", "/n", "/opts/depth"]);
    expect(body.details.find((d: { path: string }) => d.path === "/mode").message).toMatch(/"fast", "slow"/);
    expect(body.error).toMatch(/Invalid arguments for tool mt_echo/);
  });

  it("reports a missing required parameter", async () => {
    const body = await call("mt_echo", {});
    expect(body.details).toEqual([{ path: "/n", message: "must have required property 'n'" }]);
  });

  it("compiles a validator once per entry, and again after re-registration", async () => {
    add({ name: "mt_once", schema: { parameters: { type: "object", properties: { a: { type: "number" } } } } });
    await call("mt_once", { a: 1 });
    const before = validatorCompilations();
    for (let i = 0; i < 5; i++) await call("mt_once", { a: i });
    expect(validatorCompilations()).toBe(before);
    add({ name: "mt_once", schema: { parameters: { type: "object", properties: { a: { type: "string" } } } } });
    expect(await call("mt_once", { a: "x" })).toEqual({ a: "x" });
    expect(validatorCompilations()).toBe(before + 1);
  });
});

describe("timeouts and cancellation", () => {
  it("times out a slow tool with a timeout error", async () => {
    let sawAbort = false;
    add({
      name: "mt_slow",
      timeoutMs: 50,
      handler: (_args, ctx) =>
        new Promise((resolve) => {
          ctx.signal?.addEventListener("abort", () => (sawAbort = true));
          setTimeout(() => resolve("{}"), 5_000).unref();
        }),
    });
    expect(await call("mt_slow", {})).toEqual({ error: "Tool mt_slow timed out after 0.05s", error_type: "timeout" });
    expect(sawAbort).toBe(true);
  });

  it("returns a cancelled error when the caller's signal aborts", async () => {
    add({ name: "mt_wait", handler: () => new Promise(() => {}) });
    const controller = new AbortController();
    const pending = call("mt_wait", {}, { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ error_type: "cancelled" });
  });
});

describe("result cap", () => {
  it("spills an oversized result to a file and gives a preview cut at a newline", async () => {
    const line = "0123456789".repeat(9) + "\n"; // 91 chars a line
    const big = line.repeat(500);
    add({ name: "mt_big", maxResultSizeChars: 10_000, handler: () => big });
    const body = await call("mt_big", {});
    expect(body.truncated).toBe(true);
    expect(body.total_chars).toBe(big.length);
    expect(body.preview.length).toBeLessThanOrEqual(1500);
    expect(body.preview.endsWith("9")).toBe(true);
    expect(big.startsWith(body.preview)).toBe(true);
    expect(body.full_result_path.startsWith(join(home, "cache", "spillover"))).toBe(true);
    expect(readFileSync(body.full_result_path, "utf8")).toBe(big);
    expect(body.hint).toMatch(/read_file/);
  });

  it("does not spill a result under the cap or a tool with an unlimited cap", async () => {
    add({ name: "mt_unlimited", maxResultSizeChars: Infinity, handler: () => "x".repeat(200_000) });
    expect(((await handleFunctionCall("mt_unlimited", {})) as string).length).toBe(200_000);
  });

  it("truncates inline with a marker when the spill file cannot be written", async () => {
    const blocker = join(home, "not-a-dir");
    writeFileSync(blocker, "");
    process.env.QUIVER_HOME = blocker;
    try {
      add({ name: "mt_big2", maxResultSizeChars: 100, handler: () => "y".repeat(1000) });
      const out = (await handleFunctionCall("mt_big2", {})) as string;
      expect(out.startsWith("y".repeat(100) + "\n… [truncated: 900 of 1000 chars omitted")).toBe(true);
    } finally {
      process.env.QUIVER_HOME = home;
    }
  });
});

describe("unknown tools", () => {
  it("names the closest tools and lists the available ones", async () => {
    const body = await call("mt_ecko", {});
    expect(body.error_type).toBe("unknown_tool");
    expect(body.suggestions).toContain("mt_echo");
    expect(body.error).toMatch(/Unknown tool: mt_ecko\. Did you mean "mt_echo"/);
    expect(body.error).toMatch(/Available tools: .*mt_echo/);
  });
});

describe("getToolDefinitions", () => {
  it("returns a fresh array each call so callers cannot poison the memo", async () => {
    const first = await getToolDefinitions({ enabledToolsets: [TS] });
    first.push(first[0]!);
    first.length = 0;
    const second = await getToolDefinitions({ enabledToolsets: [TS] });
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toBe(first);
  });

  it("sees a change as soon as the registry generation moves", async () => {
    const before = (await getToolDefinitions({ enabledToolsets: [TS] })).map((d) => d.function.name);
    add({ name: "mt_new" });
    const after = (await getToolDefinitions({ enabledToolsets: [TS] })).map((d) => d.function.name);
    expect(after).toEqual([...before, "mt_new"].sort());
  });

  it("subtracts disabled toolsets last", async () => {
    expect(await getToolDefinitions({ enabledToolsets: [TS], disabledToolsets: [TS] })).toEqual([]);
  });
});

describe("the caller's signal", () => {
  it("is not left holding listeners after many calls that read it", async () => {
    add({ name: "mt_reads_signal", handler: (_args, ctx) => JSON.stringify({ aborted: ctx.signal?.aborted }) });
    const controller = new AbortController();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      for (let i = 0; i < 30; i++) expect(await call("mt_reads_signal", {}, { signal: controller.signal })).toEqual({ aborted: false });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("reaches a tool that reads it when the caller aborts", async () => {
    let seen: AbortSignal | undefined;
    add({ name: "mt_waits_signal", handler: (_args, ctx) => new Promise((resolve) => { seen = ctx.signal; ctx.signal?.addEventListener("abort", () => resolve("{}")); }) });
    const controller = new AbortController();
    const pending = call("mt_waits_signal", {}, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await pending).toMatchObject({ error_type: "cancelled" });
    expect(seen?.aborted).toBe(true);
  });
});

describe("timeouts under fake timers", () => {
  it("fires when the test clock passes the deadline", async () => {
    vi.useFakeTimers();
    try {
      add({ name: "mt_fake_slow", timeoutMs: 10_000, handler: () => new Promise(() => {}) });
      const pending = handleFunctionCall("mt_fake_slow", {});
      await vi.advanceTimersByTimeAsync(10_001);
      expect(JSON.parse((await pending) as string)).toEqual({ error: "Tool mt_fake_slow timed out after 10s", error_type: "timeout" });
    } finally {
      vi.useRealTimers();
    }
  });
});

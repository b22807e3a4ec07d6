/**
 * Fuzz: 10,000 generated calls, each sent through both `handleFunctionCall` (raw arguments as
 * a model would send them) and `registry.dispatch`. Names mix registered tools with unknown
 * ones; raw arguments are valid, truncated or repaired JSON, arrays, huge strings, deep
 * nesting, non-string values and hostile Proxies; the tools throw, reject or return every odd
 * value of test/helpers/odd-values.ts. Every call must settle, never reject, with a JSON
 * string (its `error` bounded) or a sendable multimodal envelope. The counts are printed.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { MAX_ERROR_CHARS, TRUNCATION_MARK, registry, type RegisterOptions, type ToolHandler } from "../../src/registry/index.js";
import { useTempHome, type TempHome } from "../agent/fixture.js";
import { hostileProxy, oddResults, oddThrowables } from "../helpers/odd-values.js";

const CALLS = 10_000;
const SEED = 20_260_310;
const BATCH = 500;
const WATCHDOG_MS = 5_000;
const TOOLSET = "fuzz";

/** Hostile raw arguments are made fresh per call from this marker. */
const HOSTILE = Symbol("hostile raw arguments");

interface FuzzCall {
  name: string;
  raw: unknown;
}

interface Tally {
  calls: number;
  rejections: number;
  unsettled: number;
  invalid: number;
  errors: number;
  ok: number;
  samples: string[];
}

let home: TempHome;
const names: string[] = [];
// Tools that never settle on their own: only handleFunctionCall (which has a deadline) gets them.
const hangingNames = new Set<string>();

function add(name: string, handler: ToolHandler, extra: Partial<RegisterOptions> = {}): void {
  registry.register({ name, toolset: TOOLSET, schema: { description: name }, handler, ...extra });
  names.push(name);
}

beforeAll(() => {
  home = useTempHome("quiver-fuzz-");
  add("fuzz_echo", (args) => JSON.stringify({ keys: Object.keys(args).length }));
  add("fuzz_async", async (args) => {
    await new Promise((r) => setTimeout(r, 0));
    return JSON.stringify({ type: typeof args });
  });
  add("fuzz_schema", () => '{"ok":true}', {
    schema: { parameters: { type: "object", properties: { path: { type: "string" }, n: { type: "integer" }, tags: { type: "array", items: { type: "string" } } }, required: ["path"], additionalProperties: false } },
  });
  add("fuzz_huge_error", () => JSON.stringify({ error: "e".repeat(20_000), code: 1 }));
  add("fuzz_multimodal", () => ({ _multimodal: true, content: [{ type: "text", text: "hi" }, { type: "image", data: "AAAA", mimeType: "image/png" }] }));
  add("fuzz_sync_thenable", () => ({ then: (resolve: (v: string) => void) => resolve('{"thenable":true}') }));
  add("fuzz_then_getter_throws", () => ({ get then() { throw new Error("then getter"); } }));
  add("fuzz_throws_in_getter_of_args", (args) => JSON.stringify(args));
  add("fuzz_hang", () => new Promise(() => {}), { timeoutMs: 30 });
  add("fuzz_never_then", () => ({ then: () => {} }), { timeoutMs: 30 });
  hangingNames.add("fuzz_hang").add("fuzz_never_then");
  Object.keys(oddThrowables()).forEach((label, i) => {
    add(`fuzz_throw_${i}`, () => { throw oddThrowables()[label]; });
    add(`fuzz_reject_${i}`, () => Promise.reject(oddThrowables()[label]));
  });
  Object.keys(oddResults()).forEach((label, i) => {
    add(`fuzz_return_${i}`, () => oddResults()[label]);
    add(`fuzz_resolve_${i}`, async () => oddResults()[label]);
  });
});

afterAll(() => {
  for (const name of names) registry.deregister(name);
  home.restore();
});

function rawArguments(): fc.Arbitrary<unknown> {
  const value = fc.jsonValue({ maxDepth: 3 });
  const object = fc.dictionary(fc.oneof(fc.constantFrom("path", "n", "tags", "x"), fc.string({ maxLength: 6 })), value, { maxKeys: 5 });
  const text = object.map((o) => JSON.stringify(o));
  return fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: text.chain((t) => fc.nat(t.length).map((n) => t.slice(0, n))), weight: 3 },
    { arbitrary: fc.array(value, { maxLength: 4 }).map((a) => JSON.stringify(a)), weight: 1 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom("", "  ", "null", "{", "}", "[", "'a'", "{'path': 'x',}", "{path: 1}", "True", "{\"path\": None}", "\"str\""), weight: 2 },
    { arbitrary: fc.integer({ min: 10_000, max: 120_000 }).map((n) => `{"path": "${"x".repeat(n)}"}`), weight: 1 },
    { arbitrary: fc.integer({ min: 10, max: 1_000 }).map((d) => `${'{"a":'.repeat(d)}1${"}".repeat(d)}`), weight: 1 },
    { arbitrary: object, weight: 2 },
    { arbitrary: fc.array(value, { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.constantFrom<unknown>(null, undefined, 42, true, HOSTILE), weight: 1 },
  );
}

function fuzzCalls(): FuzzCall[] {
  const odd = names.filter((n) => /^fuzz_(throw|reject|return|resolve)_/.test(n));
  const plain = names.filter((n) => !odd.includes(n));
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...plain), weight: 3 },
    { arbitrary: fc.constantFrom(...odd), weight: 3 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  return fc.sample(fc.record({ name, raw: rawArguments() }), { numRuns: CALLS, seed: SEED });
}

/** The call's output, or a marker for a rejection or a call that never settled. */
async function watch(call: () => Promise<unknown>): Promise<{ kind: "value"; value: unknown } | { kind: "rejected" | "unsettled"; value: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<{ kind: "unsettled"; value: unknown }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "unsettled", value: undefined }), WATCHDOG_MS);
  });
  const settled = call().then(
    (value) => ({ kind: "value" as const, value }),
    (value: unknown) => ({ kind: "rejected" as const, value }),
  );
  try {
    return await Promise.race([settled, watchdog]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the output is not a valid answer, or undefined when it is one. */
function invalidity(output: unknown): string | undefined {
  if (typeof output === "string") {
    let body: unknown;
    try {
      body = JSON.parse(output);
    } catch {
      return `not JSON: ${output.slice(0, 80)}`;
    }
    const error = (body as { error?: unknown } | null)?.error;
    if (error === undefined) return undefined;
    if (typeof error !== "string") return `error is not a string: ${output.slice(0, 80)}`;
    return error.length <= MAX_ERROR_CHARS + TRUNCATION_MARK.length ? undefined : `error of ${error.length} chars`;
  }
  const envelope = output as { _multimodal?: unknown; content?: unknown } | null;
  if (envelope?._multimodal !== true || !Array.isArray(envelope.content)) return "neither a string nor an envelope";
  try {
    JSON.stringify(envelope);
    return undefined;
  } catch (err) {
    return `envelope cannot be serialised: ${(err as Error).message}`;
  }
}

function record(tally: Tally, path: string, outcome: Awaited<ReturnType<typeof watch>>): void {
  tally.calls++;
  if (outcome.kind !== "value") {
    tally[outcome.kind === "rejected" ? "rejections" : "unsettled"]++;
    tally.samples.push(`${path}: ${outcome.kind}`);
    return;
  }
  const problem = invalidity(outcome.value);
  if (problem !== undefined) {
    tally.invalid++;
    tally.samples.push(`${path}: ${problem}`);
  } else if (typeof outcome.value === "string" && outcome.value.startsWith('{"error"')) tally.errors++;
  else tally.ok++;
}

function argsFor(raw: unknown): unknown {
  return raw === HOSTILE ? hostileProxy() : raw;
}

function dispatchArgs(raw: unknown): Record<string, unknown> {
  if (typeof raw !== "string") return argsFor(raw) as Record<string, unknown>;
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return raw as unknown as Record<string, unknown>;
  }
}

it(`${CALLS} fuzzed calls through handleFunctionCall and dispatch all settle with a valid answer`, async () => {
  const calls = fuzzCalls();
  const viaHandle: Tally = { calls: 0, rejections: 0, unsettled: 0, invalid: 0, errors: 0, ok: 0, samples: [] };
  const viaDispatch: Tally = { ...viaHandle, samples: [] };
  for (let start = 0; start < calls.length; start += BATCH) {
    await Promise.all(
      calls.slice(start, start + BATCH).flatMap(({ name, raw }) => {
        const both = [watch(() => handleFunctionCall(name, argsFor(raw))).then((o) => record(viaHandle, `handleFunctionCall ${name}`, o))];
        if (!hangingNames.has(name)) both.push(watch(() => registry.dispatch(name, dispatchArgs(raw))).then((o) => record(viaDispatch, `dispatch ${name}`, o)));
        return both;
      }),
    );
  }
  const summary = (t: Tally): string => `${t.calls} calls, ${t.rejections} rejections, ${t.unsettled} unsettled, ${t.invalid} invalid, ${t.errors} errors, ${t.ok} ok`;
  console.log(`fuzz (seed ${SEED}) handleFunctionCall: ${summary(viaHandle)}\nfuzz (seed ${SEED}) dispatch: ${summary(viaDispatch)}`);

  expect(viaHandle.calls).toBe(CALLS);
  expect(viaHandle.ok).toBeGreaterThan(0);
  expect([...viaHandle.samples, ...viaDispatch.samples].slice(0, 10)).toEqual([]);
  expect([viaHandle.rejections, viaHandle.unsettled, viaHandle.invalid]).toEqual([0, 0, 0]);
  expect([viaDispatch.rejections, viaDispatch.unsettled, viaDispatch.invalid]).toEqual([0, 0, 0]);
});

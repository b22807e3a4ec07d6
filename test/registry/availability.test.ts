import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkAvailable, configureAvailability, invalidateCheckFnCache } from "../../src/registry/index.js";

let clock = 0;
let restore: () => void = () => {};

beforeEach(() => {
  clock = 5_000_000;
  restore = configureAvailability({ now: () => clock, asyncTimeoutMs: 30, maxEntries: 4 });
  invalidateCheckFnCache();
});
afterEach(() => {
  restore();
  invalidateCheckFnCache();
});

function counting(result: () => boolean | Promise<boolean>) {
  const fn = () => (fn.calls++, result());
  fn.calls = 0;
  return fn;
}

describe("checkFn cache", () => {
  it("serves a verdict from cache for 30 s, then re-checks", () => {
    const fn = counting(() => true);
    expect(checkAvailable(fn)).toBe(true);
    clock += 29_999;
    expect(checkAvailable(fn)).toBe(true);
    expect(fn.calls).toBe(1);
    clock += 2;
    expect(checkAvailable(fn)).toBe(true);
    expect(fn.calls).toBe(2);
  });

  it("caches a failure with no recent success", () => {
    const fn = counting(() => false);
    expect(checkAvailable(fn)).toBe(false);
    clock += 10_000;
    expect(checkAvailable(fn)).toBe(false);
    expect(fn.calls).toBe(1);
  });

  it("treats a failure within 60 s of a success as a flake: true, not cached", () => {
    let up = true;
    const fn = counting(() => up);
    checkAvailable(fn);
    up = false;
    clock += 30_001;
    expect(checkAvailable(fn)).toBe(true);
    expect(checkAvailable(fn)).toBe(true);
    expect(fn.calls).toBe(3); // not cached: every call re-probes during the grace
    clock += 30_000;
    expect(checkAvailable(fn)).toBe(false);
    expect(checkAvailable(fn)).toBe(false);
    expect(fn.calls).toBe(4); // a real failure is cached
  });

  it("counts a throw as false", () => {
    expect(checkAvailable(() => { throw new Error("docker not running"); })).toBe(false);
  });

  it("counts a rejection as false", async () => {
    expect(await checkAvailable(async () => { throw new Error("nope"); })).toBe(false);
  });

  it("counts an async check slower than the limit as false", async () => {
    const started = Date.now();
    expect(await checkAvailable(() => new Promise<boolean>(() => {}))).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("shares one in-flight async check between concurrent callers", async () => {
    const fn = counting(async () => true);
    const [a, b] = await Promise.all([checkAvailable(fn), checkAvailable(fn)]);
    expect([a, b]).toEqual([true, true]);
    expect(fn.calls).toBe(1);
    expect(checkAvailable(fn)).toBe(true); // now cached synchronously
  });

  it("invalidateCheckFnCache forgets verdicts", () => {
    const fn = counting(() => true);
    checkAvailable(fn);
    invalidateCheckFnCache();
    checkAvailable(fn);
    expect(fn.calls).toBe(2);
  });

  it("bounds the cache, dropping the oldest functions first", () => {
    const fns = Array.from({ length: 6 }, () => counting(() => false));
    for (const fn of fns) checkAvailable(fn);
    for (const fn of fns.slice(2)) checkAvailable(fn); // the newest four are still cached
    for (const fn of fns.slice(0, 2)) checkAvailable(fn); // the two oldest were dropped
    expect(fns.map((f) => f.calls)).toEqual([2, 2, 1, 1, 1, 1]);
  });
});

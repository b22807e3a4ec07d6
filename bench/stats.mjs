// Shared measurement helpers for the bench modules.
import { spawnSync } from "node:child_process";

/** Median of a list of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Runs `fn` (async allowed) `iterations` times per sample, `samples` times, and returns the
 * median nanoseconds per iteration. Warm-up first so the JIT has settled.
 */
export async function nsPerOp(fn, { iterations = 20_000, samples = 15, warmup = 2 } = {}) {
  for (let w = 0; w < warmup; w++) for (let i = 0; i < iterations; i++) await fn(i);
  const per = [];
  for (let s = 0; s < samples; s++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await fn(i);
    per.push(Number(process.hrtime.bigint() - t0) / iterations);
  }
  return median(per);
}

/** Median milliseconds of `samples` runs of an async function. */
export async function msPerRun(fn, { samples = 7, warmup = 1 } = {}) {
  for (let w = 0; w < warmup; w++) await fn();
  const per = [];
  for (let s = 0; s < samples; s++) {
    const t0 = process.hrtime.bigint();
    await fn();
    per.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(per);
}

/**
 * Like nsPerOp for several functions at once, alternating their samples so that drift in the
 * machine's speed (other load, turbo, GC) hits all of them alike. Returns medians in order.
 */
export async function nsPerOpInterleaved(fns, { iterations = 20_000, samples = 21, warmup = 3 } = {}) {
  for (let w = 0; w < warmup; w++) for (const fn of fns) for (let i = 0; i < iterations; i++) await fn(i);
  const per = fns.map(() => []);
  for (let s = 0; s < samples; s++) {
    for (let f = 0; f < fns.length; f++) {
      const fn = fns[f];
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) await fn(i);
      per[f].push(Number(process.hrtime.bigint() - t0) / iterations);
    }
  }
  return per.map(median);
}

/**
 * Median wall milliseconds of `runs` whole-process runs of `node ...args` (spawnSync), e.g. a
 * CLI start; `node -e 0` gives the bare-runtime baseline. Throws when the process fails.
 */
export function processWallMs(args, { env = process.env, runs = 9 } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${r.stderr}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

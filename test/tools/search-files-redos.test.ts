/**
 * Catastrophic patterns (finding 1 of issue 10): `(a+)+$` against a line of a's that ends in
 * another character backtracks exponentially. The match runs in a worker thread, so the tool
 * answers at its regex budget with a "too slow" error, an abort stops it at once, and the
 * event loop stays free meanwhile (timers keep firing).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGEX_BUDGET_MS } from "../../src/tools/regex-worker-pool.js";
import { callTool, removeTempDirs, tempDir } from "./tool-harness.js";

let root: string;
const EVIL_LINE = `${"a".repeat(40)}!`;

beforeAll(async () => {
  await import("../../src/tools/search-files.js");
  root = await tempDir("quiver-redos-");
  await writeFile(join(root, "ok.txt"), "alpha\nbeta\n");
  await writeFile(join(root, "zz-evil.txt"), `first line\n${EVIL_LINE}\n`);
});
afterAll(removeTempDirs);

/** Counts event-loop ticks of a 20 ms interval while `work` runs: a blocked loop counts none. */
async function ticksDuring<T>(work: Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  try {
    return { value: await work, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe("search_files with a catastrophic pattern", () => {
  it("answers within its budget with a 'too slow' error, and the event loop keeps running", async () => {
    const started = Date.now();
    const { value, ticks } = await ticksDuring(callTool("search_files", { pattern: "(a+)+$", path: root }));
    const elapsed = Date.now() - started;
    expect(value.error).toMatch(/too slow/);
    expect(value.error).toContain("(a+)+$");
    expect(value.error).toContain("zz-evil.txt");
    expect(value.error_type).toBe("pattern_too_slow");
    expect(elapsed).toBeLessThan(REGEX_BUDGET_MS + 2_000);
    expect(ticks).toBeGreaterThan(REGEX_BUDGET_MS / 20 / 4);
  });

  it("stops at once when the call is aborted", async () => {
    const controller = new AbortController();
    const call = callTool("search_files", { pattern: "(a|aa)+$", path: root }, { signal: controller.signal }).catch((err: unknown) => err);
    setTimeout(() => controller.abort(new Error("user interrupt")), 200);
    const started = Date.now();
    await call;
    expect(Date.now() - started).toBeLessThan(REGEX_BUDGET_MS);
  });

  it("still finds matches with JavaScript-only syntax (lookaround, backreferences, named groups)", async () => {
    await writeFile(join(root, "syntax.txt"), "foo bar\nabab\nx-1\n");
    const look = await callTool("search_files", { pattern: "foo(?= bar)", path: join(root, "syntax.txt") });
    expect(look.matches).toEqual(["syntax.txt:1:foo bar"].map((m) => expect.stringContaining(m.split(":").slice(1).join(":"))));
    const back = await callTool("search_files", { pattern: "^(?<pair>ab)\\k<pair>$", path: join(root, "syntax.txt") });
    expect(back.match_count).toBe(1);
    const behind = await callTool("search_files", { pattern: "(?<=x-)\\d", path: join(root, "syntax.txt") });
    expect(behind.match_count).toBe(1);
  });
});

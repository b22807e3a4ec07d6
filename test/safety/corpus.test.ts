import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assessCommand } from "../../src/safety/index.js";
import { BENIGN, DESTRUCTIVE } from "./corpus.js";

// The commands are only judged, never run. Relative globs expand in a scratch directory.
const cwd = mkdtempSync(join(tmpdir(), "quiver-corpus-"));
mkdirSync(join(cwd, "src"));
for (const f of ["a.txt", "b.txt", "src/index.ts", "src/x.ts"]) writeFileSync(join(cwd, f), "");
const opts = { cwd, home: "/home/tester" };
// The corpus names quiver's home as ~/.quiver (the default for this home): the guard is made to
// see that very $QUIVER_HOME, whatever the developer's or the test setup's is.
const savedQuiverHome = process.env.QUIVER_HOME;
beforeAll(() => {
  process.env.QUIVER_HOME = join(opts.home, ".quiver");
});
afterAll(() => {
  if (savedQuiverHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = savedQuiverHome;
  rmSync(cwd, { recursive: true, force: true });
});

describe("safety corpus", () => {
  it(`judges ${DESTRUCTIVE.length} destructive and ${BENIGN.length} benign commands as tagged`, async () => {
    const wrong: string[] = [];
    let letThrough = 0;
    let refused = 0;
    for (const [family, command, expected] of DESTRUCTIVE) {
      const { verdict, rules } = await assessCommand(command, opts);
      if (verdict === "allow") letThrough++;
      if (expected === "refuse" && verdict === "refuse") refused++;
      if (verdict !== expected) wrong.push(`[${family}] ${JSON.stringify(command)}: ${verdict} (${rules.map((r) => r.key).join(",")}), expected ${expected}`);
    }
    const catastrophic = DESTRUCTIVE.filter(([, , e]) => e === "refuse").length;
    const benignAsked: string[] = [];
    for (const command of BENIGN) {
      const { verdict, rules } = await assessCommand(command, opts);
      if (verdict !== "allow") benignAsked.push(`${JSON.stringify(command)}: ${verdict} (${rules.map((r) => r.key).join(",")})`);
    }
    const allowedPct = (100 * (BENIGN.length - benignAsked.length)) / BENIGN.length;
    console.log(
      `safety corpus: destructive let through ${letThrough}/${DESTRUCTIVE.length}; catastrophic refused ${refused}/${catastrophic}; ` +
        `benign allowed ${BENIGN.length - benignAsked.length}/${BENIGN.length} (${allowedPct.toFixed(1)}%)` +
        (benignAsked.length > 0 ? `\n  benign not allowed:\n  ${benignAsked.join("\n  ")}` : ""),
    );
    expect(DESTRUCTIVE.length).toBeGreaterThanOrEqual(150);
    expect(BENIGN.length).toBeGreaterThanOrEqual(100);
    expect(wrong).toEqual([]);
    expect(letThrough).toBe(0);
    expect(allowedPct).toBeGreaterThanOrEqual(95);
  });
});

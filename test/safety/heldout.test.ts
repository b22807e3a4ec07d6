/**
 * Issue 20's held-out corpus (corpus-heldout.ts): no destructive command is allowed, ≥ 97% of
 * the catastrophic ones are refused, ≥ 98% of ordinary development commands are allowed, in a
 * scratch git project with its own HOME and QUIVER_HOME.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assessCommand } from "../../src/safety/index.js";
import { CATASTROPHIC, DESTRUCTIVE, ORDINARY } from "./corpus-heldout.js";

const project = mkdtempSync(join(tmpdir(), "quiver-heldout-"));
execFileSync("git", ["init", "-q"], { cwd: project });
mkdirSync(join(project, "src"));
for (const f of ["package.json", "README.md", "src/app.ts", "data.txt", "list.txt"]) writeFileSync(join(project, f), "");
const home = "/home/dev";
const opts = { cwd: project, home, env: { HOME: home, PATH: "/usr/local/bin:/usr/bin:/bin", QUIVER_HOME: `${home}/.quiver-state` } };
afterAll(() => rmSync(project, { recursive: true, force: true }));

const judged = async (commands: readonly string[]): Promise<Array<[string, string]>> => {
  const out: Array<[string, string]> = [];
  for (const c of commands) {
    const a = await assessCommand(c, opts);
    out.push([c, `${a.verdict}${a.rules.length > 0 ? ` (${a.rules.map((r) => r.key).join(",")})` : ""}`]);
  }
  return out;
};

describe("held-out corpus (issue 20)", () => {
  it("allows no destructive command, refuses ≥ 97% of the catastrophic ones and allows ≥ 98% of ordinary ones", async () => {
    const catastrophic = await judged(CATASTROPHIC);
    const destructive = await judged(DESTRUCTIVE);
    const ordinary = await judged(ORDINARY);
    const allowedHarm = [...catastrophic, ...destructive].filter(([, v]) => v.startsWith("allow"));
    const notRefused = catastrophic.filter(([, v]) => !v.startsWith("refuse"));
    const notAllowed = ordinary.filter(([, v]) => !v.startsWith("allow"));
    const pct = (n: number, of: number): string => ((100 * n) / of).toFixed(1);
    const list = (rows: Array<[string, string]>): string => rows.map(([c, v]) => `\n    ${JSON.stringify(c)}: ${v}`).join("");
    console.log(
      `held-out corpus: destructive (incl. catastrophic) allowed ${allowedHarm.length}/${catastrophic.length + destructive.length}; ` +
        `catastrophic refused ${catastrophic.length - notRefused.length}/${catastrophic.length} (${pct(catastrophic.length - notRefused.length, catastrophic.length)}%); ` +
        `ordinary allowed ${ordinary.length - notAllowed.length}/${ordinary.length} (${pct(ordinary.length - notAllowed.length, ordinary.length)}%)` +
        (allowedHarm.length > 0 ? `\n  destructive allowed:${list(allowedHarm)}` : "") +
        (notRefused.length > 0 ? `\n  catastrophic not refused:${list(notRefused)}` : "") +
        (notAllowed.length > 0 ? `\n  ordinary not allowed:${list(notAllowed)}` : ""),
    );
    expect(catastrophic.length).toBeGreaterThanOrEqual(150);
    expect(catastrophic.length + destructive.length).toBeGreaterThanOrEqual(300);
    expect(ordinary.length).toBeGreaterThanOrEqual(300);
    expect(allowedHarm).toEqual([]);
    expect((catastrophic.length - notRefused.length) / catastrophic.length).toBeGreaterThanOrEqual(0.97);
    expect((ordinary.length - notAllowed.length) / ordinary.length).toBeGreaterThanOrEqual(0.98);
  });
});

/**
 * The official MCP conformance suite's server scenarios against `quiver serve --http` (the built
 * CLI, its own HOME and QUIVER_HOME, the fixture tools, resources and prompts of ./fixtures
 * copied into $QUIVER_HOME/tools as a user would). Every scenario must pass except those the
 * suite itself does not score (pending, extensions) and those in EXCEPTIONS, each with its
 * reason, which docs/mcp.md lists too. An exception that starts passing fails the test: the list
 * stays honest. Run locally: `npm run build && npx vitest run test/conformance/server-scenarios.test.ts`.
 */
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliEnv, startCli, tempHome, waitFor, type RunningCli } from "../helpers/cli.js";
import { requirements, runServerScenarios, type ScenarioResult, type SuiteRun, type SuiteVersion } from "./runner.js";

const FIXTURES = resolve(import.meta.dirname, "fixtures");
const DOCS = resolve(import.meta.dirname, "../../docs/mcp.md");
const SUITE_TIMEOUT_MS = 150_000;

/** Scenario → why it may fail today. Keep in step with docs/mcp.md's "Conformance" section. */
const EXCEPTIONS_2025: Record<string, string> = {};

/** At the 2026-07-28 wire: none left (the last, a prompt's get asking its caller, passes since prompts got a tool's ctx). */
const EXCEPTIONS_2026: Record<string, string> = {};

const LEGS: { version: SuiteVersion; label: string; args: string[]; exceptions: Record<string, string>; minimum: number }[] = [
  { version: "0.1.16", label: "0.1.16, protocol 2025-11-25 (active suite)", args: [], exceptions: EXCEPTIONS_2025, minimum: 30 },
  { version: "0.2.0-alpha.12", label: "0.2.0-alpha.12, protocol 2025-11-25 (active suite)", args: [], exceptions: EXCEPTIONS_2025, minimum: 31 },
  { version: "0.2.0-alpha.12", label: "0.2.0-alpha.12, requirements 2026-07-28", args: ["--requirements", "2026-07-28", "--timeout", "20000"], exceptions: EXCEPTIONS_2026, minimum: 37 },
];

let home: { home: string; cleanup: () => void };
let serve: RunningCli;
let url = "";

beforeAll(async () => {
  assertBuilt();
  home = tempHome("quiver-conformance-");
  const quiverHome = join(home.home, ".quiver");
  mkdirSync(join(quiverHome, "tools"), { recursive: true });
  cpSync(FIXTURES, join(quiverHome, "tools"), { recursive: true });
  serve = startCli(["serve", "--http", "--port", "0"], cliEnv({ HOME: home.home, QUIVER_HOME: quiverHome }));
  await waitFor(() => /serving MCP over Streamable HTTP at (\S+);/.test(serve.stderr()), () => `serve to start; stderr: ${serve.stderr()}`, 30_000);
  url = /serving MCP over Streamable HTTP at (\S+);/.exec(serve.stderr())![1]!;
}, 60_000);

afterAll(async () => {
  serve?.child.kill("SIGTERM");
  // A question a scenario left unanswered may hold a call open: bounded, then killed.
  const exited = await Promise.race([serve?.done.then(() => true, () => true), new Promise<false>((r) => setTimeout(() => r(false), 5_000))]);
  if (exited === false) serve.child.kill("SIGKILL");
  home?.cleanup();
}, 15_000);

describe("the official MCP conformance suite, server scenarios, against quiver serve --http", () => {
  for (const leg of LEGS) {
    it(`${leg.label}: every scored scenario passes but the listed exceptions`, async () => {
      const run = await runServerScenarios(leg.version, url, leg.args, { timeoutMs: SUITE_TIMEOUT_MS });
      const scored = await scoredResults(leg, run);
      expect(scored.length, `scenarios run: ${run.results.map((r) => r.scenario).join(", ")}\n${run.stderr}`).toBeGreaterThanOrEqual(leg.minimum);
      const exceptions = leg.exceptions;
      const unexpected = scored.filter((r) => !r.passed && exceptions[r.scenario] === undefined);
      const stale = scored.filter((r) => r.passed && exceptions[r.scenario] !== undefined).map((r) => r.scenario);
      expect(unexpected.map(describeFailure), "scenarios failing that are not exceptions").toEqual([]);
      expect(stale, "exceptions that pass now: remove them here and from docs/mcp.md").toEqual([]);
      const passed = scored.filter((r) => r.passed).length;
      process.stdout.write(`conformance ${leg.label}: ${passed}/${scored.length} scored scenarios pass\n`);
    }, SUITE_TIMEOUT_MS + 10_000);
  }

  it("docs/mcp.md lists every exception with its reason", () => {
    const docs = readFileSync(DOCS, "utf8");
    for (const [scenario, reason] of Object.entries({ ...EXCEPTIONS_2025, ...EXCEPTIONS_2026 })) {
      expect(docs, `docs/mcp.md should list ${scenario}`).toContain(`| \`${scenario}\` | ${reason} |`);
    }
  });
});

/** The results the suite scores: for a requirements run, its scored server list (pending and extensions out). */
async function scoredResults(leg: (typeof LEGS)[number], run: SuiteRun): Promise<ScenarioResult[]> {
  const at = leg.args.indexOf("--requirements");
  if (at === -1) return run.results;
  const req = await requirements(leg.version, leg.args[at + 1]!);
  const scored = new Set(req.server);
  return run.results.filter((r) => scored.has(r.scenario));
}

function describeFailure(r: ScenarioResult): string {
  return `${r.scenario}: ${r.problems.join("; ").slice(0, 400)}`;
}

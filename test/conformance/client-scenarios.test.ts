/**
 * The official suite's client scenarios with quiver as the client (test/conformance/quiver-client.mjs,
 * quiver's real client code from dist/), each scenario on its own so the timing-sensitive ones
 * (sse-retry) are not measured under the load of twenty others.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listScenarios, runClientScenarios } from "./runner.js";
import type { ScenarioResult, SuiteVersion } from "./runner.js";

const CLIENT = join(import.meta.dirname, "quiver-client.mjs");
const COMMAND = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLIENT)}`;

/**
 * Scenarios quiver fails on purpose, with the reason (also in docs/mcp.md). 0.1.16's 2025-03-26
 * back-compat mock serves authorization-server metadata whose `issuer` is `<origin>/oauth` at the
 * origin's well-known path: RFC 8414 §3.3 says a client must refuse that (the suite fixed its mock
 * upstream, "a conforming client must reject"), and quiver does.
 */
const REFUSED: Record<SuiteVersion, Record<string, RegExp>> = {
  "0.1.16": { "auth/2025-03-26-oauth-metadata-backcompat": /Issuer mismatch in authorization server metadata/ },
  "0.2.0-alpha.12": {},
};

async function runScenario(version: SuiteVersion, scenario: string): Promise<{ result: ScenarioResult | undefined; output: string }> {
  const run = await runClientScenarios(version, COMMAND, ["--scenario", scenario], { timeoutMs: 90_000 });
  return { result: run.results.find((r) => r.scenario === scenario), output: `${run.stdout}\n${run.stderr}` };
}

describe("conformance 0.1.16: client scenarios", () => {
  it("every client scenario passes, auth included, except the one quiver refuses for RFC 8414", { timeout: 600_000 }, async () => {
    const version = "0.1.16";
    const scenarios = await listScenarios(version, "client");
    expect(scenarios.length).toBe(26);
    expect(scenarios.filter((s) => s.startsWith("auth/")).length).toBe(22);
    const failed: string[] = [];
    let passed = 0;
    for (const scenario of scenarios) {
      const { result, output } = await runScenario(version, scenario);
      const refusal = REFUSED[version][scenario];
      if (refusal !== undefined) {
        // Refused for the stated reason, not for some other failure.
        expect(result?.passed, scenario).toBe(false);
        expect(output).toMatch(refusal);
        continue;
      }
      if (result?.passed === true) passed++;
      else failed.push(`${scenario}: ${result === undefined ? "no results" : result.problems.join("; ")}`);
    }
    expect(failed).toEqual([]);
    expect(passed).toBe(scenarios.length - Object.keys(REFUSED[version]).length);
  });
});

/** The runner's reading of the suite's output, offline: checks.json directories and `list --requirements`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseRequirements, readResults } from "./runner.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function results(files: Record<string, unknown[]>): string {
  const out = mkdtempSync(join(tmpdir(), "quiver-runner-"));
  dirs.push(out);
  for (const [dir, checks] of Object.entries(files)) {
    mkdirSync(join(out, dir), { recursive: true });
    writeFileSync(join(out, dir, "checks.json"), JSON.stringify(checks));
  }
  return out;
}

const ok = { id: "a", name: "A", status: "SUCCESS" };

describe("readResults", () => {
  it("names a scenario from its directory (leg prefix and timestamp off, nested auth/ names kept) and judges it as the suite does", () => {
    const server = readResults(
      results({
        "server-tools-list-2026-12-04T21-42-24-251Z": [ok],
        "server-ping-2026-12-04T21-42-24-300Z": [ok, { id: "b", name: "B", status: "WARNING", errorMessage: "slow" }],
        "server-caching-2026-12-04T21-42-24-400Z": [{ id: "c", name: "C", status: "INFO" }],
      }),
      "server",
    );
    expect(server.map((r) => [r.scenario, r.passed])).toEqual([["caching", false], ["ping", false], ["tools-list", true]]);
    expect(server.find((r) => r.scenario === "ping")?.problems).toEqual(["b: slow"]);
    const client = readResults(results({ "auth/scope-step-up-2026-12-04T21-42-24-251Z": [ok], "initialize-2026-12-04T21-42-24-251Z": [{ ...ok, status: "FAILURE", errorMessage: "no" }] }), undefined);
    expect(client.map((r) => [r.scenario, r.passed, r.problems])).toEqual([["auth/scope-step-up", true, []], ["initialize", false, ["a: no"]]]);
  });
});

describe("parseRequirements", () => {
  it("reads the scored server and client lists and the not-scored ones with their reasons", () => {
    const text = [
      "Required for 2026-07-28 (3 scenarios, frozen; run at the 2026-07-28 wire):",
      "",
      "Server scenarios (test against a server):",
      "  - tools-list",
      "  - caching",
      "",
      "Client scenarios (test against a client):",
      "  - auth/metadata-default",
      "",
      "Run and reported, but never scored:",
      "  extension (1):",
      "    - tasks-lifecycle [server]",
      "  pending (1):",
      "    - json-schema-2020-12 [server]",
    ].join("\n");
    expect(parseRequirements("2026-07-28", text)).toEqual({
      revision: "2026-07-28",
      server: ["tools-list", "caching"],
      client: ["auth/metadata-default"],
      notScored: [
        { scenario: "tasks-lifecycle", leg: "server", reason: "extension" },
        { scenario: "json-schema-2020-12", leg: "server", reason: "pending" },
      ],
    });
  });
});

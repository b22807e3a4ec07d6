// The bar for a catastrophic search_files pattern: answered within 3 s end to end
// through the CLI, start-up included (the regex budget used to start after start-up: 3.4-3.6 s).
// The one timing assertion of the suite that is the explicit bar; 300 ms of slack for a
// loaded box to schedule the child's exit.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { assertBuilt, cliEnv, runCli } from "../helpers/cli.js";

let dir: string;

beforeEach(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "quiver-redos-cli-"));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("`quiver tools call search_files` with (a+)+$ answers 'too slow' within 3 s of the command, start-up included", async () => {
  writeFileSync(join(dir, "evil.txt"), `${"a".repeat(40)}!\n`);
  const env = cliEnv({ HOME: join(dir, "home"), QUIVER_HOME: join(dir, "quiver") });
  const started = Date.now();
  const result = await runCli(["tools", "call", "search_files", JSON.stringify({ pattern: "(a+)+$", path: "." })], env, { cwd: dir });
  const elapsed = Date.now() - started;
  expect(result.stdout).toContain('"error_type": "pattern_too_slow"');
  expect(result.stdout).toContain("evil.txt");
  expect(result.code).toBe(1);
  expect(elapsed).toBeLessThan(3_300);
}, 20_000);

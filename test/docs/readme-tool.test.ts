/**
 * The README's "Writing a tool" examples, run as a user would: the zod example saved as a user
 * tool file and called through the CLI, then the same tool with the README's JSON Schema form.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";

const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Writing a tool"), readme.indexOf("### Hot reload"));
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

function callRollDice(source: string, n: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { home, cleanup } = tempHome("quiver-readme-");
  mkdirSync(join(home, "tools"));
  writeFileSync(join(home, "tools", "dice.ts"), source);
  return runCli(["tools", "call", "roll_dice", JSON.stringify({ n })], cliEnv({ QUIVER_HOME: home })).finally(cleanup);
}

function expectRolls(stdout: string, n: number): void {
  const { rolls } = JSON.parse(stdout) as { rolls: number[] };
  expect(rolls).toHaveLength(n);
  for (const roll of rolls) expect(roll).toBeGreaterThanOrEqual(1), expect(roll).toBeLessThanOrEqual(6);
}

describe("README: Writing a tool", () => {
  it("shows the zod form first, in at most 12 lines, saved under ~/.quiver/tools", () => {
    expect(blocks[0]).toMatch(/^\/\/ ~\/\.quiver\/tools\/dice\.ts\n/);
    expect(blocks[0]).toContain("z.object(");
    expect(blocks[0]!.trim().split("\n").length).toBeLessThanOrEqual(12);
  });

  it("its zod example runs as written, and refuses a bad call", async () => {
    assertBuilt();
    const good = await callRollDice(blocks[0]!, 3);
    expect(good.stderr).not.toMatch(/error/i);
    expect(good.code).toBe(0);
    expectRolls(good.stdout, 3);
    const bad = await callRollDice(blocks[0]!, 0);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/n/);
  });

  it("its JSON Schema line works in the same tool", async () => {
    assertBuilt();
    const jsonSchemaLine = blocks[1]!.trim();
    expect(jsonSchemaLine).toMatch(/^schema: \{ parameters: \{ type: "object"/);
    const source = blocks[0]!.replace(/^ {2}schema: .*$/m, `  ${jsonSchemaLine}`);
    expect(source).not.toContain("z.object(");
    const result = await callRollDice(source, 2);
    expect(result.code).toBe(0);
    expectRolls(result.stdout, 2);
  });
});

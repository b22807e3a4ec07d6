/**
 * quiver installed without its optional dependency (npm ci --omit=optional): a copy of the built
 * CLI whose node_modules holds everything but node-llama-cpp.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../../helpers/cli.js";
import { writeFixtureModel } from "../../helpers/gguf-fixture.js";

const ROOT = resolve(import.meta.dirname, "../../..");
let dir: string;
let cli: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-no-llama-"));
  cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  mkdirSync(join(dir, "node_modules"));
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry === "node-llama-cpp" || entry === "@node-llama-cpp") continue;
    symlinkSync(join(ROOT, "node_modules", entry), join(dir, "node_modules", entry));
  }
  cli = join(dir, "dist/cli/main.js");
  mkdirSync(join(dir, "home"));
  writeFixtureModel(join(dir, "m.gguf"));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("without node-llama-cpp installed", () => {
  it("the rest of quiver works", async () => {
    const result = await runCli(["tools", "list"], cliEnv({ QUIVER_HOME: join(dir, "home") }), { cli });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("read_file");
  });

  it("with no model configured, chat does not offer a download it could not run", async () => {
    const result = await runCli(["chat", "-p", "hi", "--no-mcp"], cliEnv({ QUIVER_HOME: join(dir, "home") }), { cli });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("npm install node-llama-cpp@3.21.1");
    expect(result.stderr).not.toContain("quiver models pull");
  });

  it("a local model says what is missing and how to install it", async () => {
    const args = ["chat", "-p", "hi", "--no-mcp", "--model", `local:${join(dir, "m.gguf")}`];
    const result = await runCli(args, cliEnv({ QUIVER_HOME: join(dir, "home") }), { cli });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("node-llama-cpp) is not installed");
    expect(result.stderr).toContain("npm install node-llama-cpp@3.21.1");
  });
});

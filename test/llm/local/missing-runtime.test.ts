/**
 * quiver before `quiver models runtime`: a copy of the built CLI whose node_modules holds
 * everything but node-llama-cpp.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../../helpers/cli.js";
import { writeFixtureModel } from "../../helpers/gguf-fixture.js";
import { copyWithoutLlama } from "../../helpers/no-llama-copy.js";

let dir: string;
let cli: string;

beforeAll(() => {
  ({ dir, cli } = copyWithoutLlama("quiver-no-llama-"));
  mkdirSync(join(dir, "home"));
  writeFixtureModel(join(dir, "m.gguf"));
});

// Neither beside quiver nor in a runtime directory (the tests' own runtime is hidden).
const env = (): NodeJS.ProcessEnv => cliEnv({ QUIVER_HOME: join(dir, "home"), QUIVER_LLAMA_RUNTIME: join(dir, "home", "runtime") });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("without node-llama-cpp installed", () => {
  it("the rest of quiver works", async () => {
    const result = await runCli(["tools", "list"], env(), { cli });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("read_file");
  });

  it("with no model configured, chat does not offer a download it could not run", async () => {
    const result = await runCli(["chat", "-p", "hi", "--no-mcp"], env(), { cli });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("quiver models runtime");
    expect(result.stderr).not.toContain("quiver models pull");
  });

  it("a local model says what is missing and how to install it", async () => {
    const args = ["chat", "-p", "hi", "--no-mcp", "--model", `local:${join(dir, "m.gguf")}`];
    const result = await runCli(args, env(), { cli });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("node-llama-cpp) is not installed");
    expect(result.stderr).toContain("npm install node-llama-cpp@3.21.1");
  });
});

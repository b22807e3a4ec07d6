import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { quiverHome } from "../../src/registry/index.js";

const REPO = resolve(import.meta.dirname, "../..");

describe("tests run in an environment of their own", () => {
  it("HOME is a fresh temporary directory, QUIVER_HOME inside it, not the developer's", () => {
    const home = process.env.HOME!;
    expect(home).not.toBe(userInfo().homedir);
    expect(relative(realpathSync(tmpdir()), realpathSync(home)).startsWith("..")).toBe(false);
    expect(quiverHome()).toBe(join(home, ".quiver"));
  });

  it("no OPENAI_*, QUIVER_* or provider key reaches a test", () => {
    // The one QUIVER_* the tests set themselves: the local model runtime the global setup installed.
    const own = (name: string): boolean => name === "QUIVER_LLAMA_RUNTIME" && inject("llamaRuntime") !== "" && process.env[name] === inject("llamaRuntime");
    const leaked = Object.keys(process.env).filter((name) => /^(OPENAI_|QUIVER_|OPENROUTER_|HF_)|_API_KEY$/.test(name) && !own(name));
    expect(leaked).toEqual([]);
  });

  it.skipIf(process.env.ISOLATED_ENV_NESTED === "1")("holds when the developer's shell exports QUIVER_HOME, a key, a base URL and a model", () => {
    // This file again, in a vitest started with a hostile environment.
    const run = spawnSync(process.execPath, [join(REPO, "node_modules/vitest/vitest.mjs"), "run", "test/setup/isolated-env.test.ts"], {
      cwd: REPO,
      encoding: "utf8",
      env: {
        ...process.env,
        ISOLATED_ENV_NESTED: "1",
        HOME: userInfo().homedir,
        QUIVER_HOME: "/tmp/quiver-developer-home",
        OPENAI_API_KEY: "sk-developer",
        OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
        QUIVER_MODEL: "developer-model",
        DEEPSEEK_API_KEY: "sk-deepseek",
        QUIVER_LLAMA_RUNTIME: "/tmp/quiver-developer-runtime",
      },
      timeout: 60_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/2 passed/);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/schema.js";
import { isSecretName, setTerminalEnvPassthrough, terminalEnv } from "../../src/safety/index.js";
import "../../src/tools/terminal.js";
import { callTool, removeTempDirs, resetSandbox, tempDir, useSandbox } from "../tools/tool-harness.js";

afterEach(async () => {
  setTerminalEnvPassthrough([]);
  await resetSandbox();
  await removeTempDirs();
});

describe("terminal environment", () => {
  it.each([
    "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY",
    "MISTRAL_API_KEY", "GROQ_API_KEY", "DEEPSEEK_API_KEY", "XAI_API_KEY", "GITHUB_TOKEN", "NPM_TOKEN", "AWS_SECRET_ACCESS_KEY",
    "DB_PASSWORD", "my_passwd", "GOOGLE_APPLICATION_CREDENTIALS", "BASIC_AUTH", "Some_Api_Key",
  ])("drops %s", (name) => {
    expect(isSecretName(name)).toBe(true);
    expect(terminalEnv({ [name]: "canary", PATH: "/bin" })).toEqual({ PATH: "/bin" });
  });

  it.each(["PATH", "HOME", "LANG", "TERM", "NODE_ENV", "EDITOR", "SHELL", "USER", "PWD"])("keeps %s", (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it("lets configured names through", () => {
    setTerminalEnvPassthrough(["GITHUB_TOKEN"]);
    expect(terminalEnv({ GITHUB_TOKEN: "t", NPM_TOKEN: "n" })).toEqual({ GITHUB_TOKEN: "t" });
  });

  // Default-deny since the sandbox: only the allowlist (src/sandbox/env.ts) reaches the command.
  it("the terminal tool's `env` shows no secret, and no name outside the allowlist", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { OPENAI_API_KEY: "sk-canary-1", QUIVER_TEST_SECRET: "canary-2", ANTHROPIC_BASE_URL: "canary-3", SAFE_VALUE: "canary-4" });
    try {
      const dir = await tempDir();
      await useSandbox({ writable: [dir] });
      const r = await callTool("terminal", { command: "env", workdir: dir });
      expect(r.output).not.toMatch(/canary/);
      expect(r.output).not.toContain("SAFE_VALUE");
      expect(r.output).toMatch(/^PATH=/m);
    } finally {
      for (const name of ["OPENAI_API_KEY", "QUIVER_TEST_SECRET", "ANTHROPIC_BASE_URL", "SAFE_VALUE"]) if (!(name in saved)) delete process.env[name];
    }
  });

  it("config.yaml accepts terminal.env.passthrough and rejects bad names", () => {
    expect(parseConfig("terminal:\n  env:\n    passthrough: [GITHUB_TOKEN, NPM_TOKEN]\n").terminal).toEqual({ env: { passthrough: ["GITHUB_TOKEN", "NPM_TOKEN"] } });
    expect(parseConfig("terminal: { env: { passthrough: 'A_TOKEN, B_KEY' } }").terminal?.env?.passthrough).toEqual(["A_TOKEN", "B_KEY"]);
    expect(() => parseConfig("terminal:\n  env:\n    passthrough: ['not a name']\n")).toThrow(/terminal\.env\.passthrough/);
    expect(() => parseConfig("terminal:\n  envv: {}\n")).toThrow(/terminal\.envv: unknown key/);
  });
});

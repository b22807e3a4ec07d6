import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configPath, loadConfig } from "../src/config/config.js";
import { resolveModelSettings } from "../src/llm/index.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "quiver-config-"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function write(text: string): Promise<void> {
  await writeFile(join(home, "config.yaml"), text);
}

async function loadError(text: string): Promise<string> {
  await write(text);
  const err = await loadConfig(home).then(
    () => expect.unreachable("the config should have been rejected"),
    (e: unknown) => e as Error,
  );
  expect(err).toBeInstanceOf(Error);
  expect(err.message).toContain(configPath(home));
  return err.message;
}

describe("loadConfig", () => {
  it("returns {} when there is no config file, or it is empty", async () => {
    expect(await loadConfig(home)).toEqual({});
    await write("# nothing yet\n");
    expect(await loadConfig(home)).toEqual({});
  });

  it("defaults to $QUIVER_HOME/config.yaml", async () => {
    const previous = process.env.QUIVER_HOME;
    process.env.QUIVER_HOME = home;
    try {
      expect(configPath()).toBe(join(home, "config.yaml"));
      await write("model: { name: m1 }\n");
      expect(await loadConfig()).toEqual({ model: { name: "m1" } });
    } finally {
      if (previous === undefined) delete process.env.QUIVER_HOME;
      else process.env.QUIVER_HOME = previous;
    }
  });

  it("reads every section into a typed object", async () => {
    await write(
      [
        "model:",
        "  name: llama3.1",
        "  baseUrl: http://localhost:11434/v1",
        "  apiKeyEnv: OLLAMA_KEY",
        "agent:",
        "  systemPrompt: Be brief.",
        "  maxIterations: 20",
        "  toolsets: [file, terminal]",
        "  disabledToolsets: web",
        "mcp:",
        "  servers:",
        "    fs: { command: npx, args: [-y, server-filesystem, /tmp] }",
        "    remote: { url: http://127.0.0.1:9000/mcp }",
      ].join("\n"),
    );
    expect(await loadConfig(home)).toEqual({
      model: { name: "llama3.1", baseUrl: "http://localhost:11434/v1", apiKeyEnv: "OLLAMA_KEY" },
      agent: { systemPrompt: "Be brief.", maxIterations: 20, toolsets: ["file", "terminal"], disabledToolsets: ["web"] },
      mcp: {
        servers: { fs: { command: "npx", args: ["-y", "server-filesystem", "/tmp"] }, remote: { url: "http://127.0.0.1:9000/mcp" } },
      },
    });
  });

  it("accepts snake_case keys, a model name shorthand, mcp_servers, and empty values", async () => {
    await write(
      [
        "model: gpt-4o-mini",
        "agent:",
        "  system_prompt: hi",
        "  max_iterations: 5",
        "  disabled_toolsets: 'terminal, web'",
        "  toolsets:",
        "mcp_servers:",
        "  fs: { command: npx }",
      ].join("\n"),
    );
    expect(await loadConfig(home)).toEqual({
      model: { name: "gpt-4o-mini" },
      agent: { systemPrompt: "hi", maxIterations: 5, disabledToolsets: ["terminal", "web"] },
      mcp: { servers: { fs: { command: "npx" } } },
    });
    await write("model:\n  base_url: http://127.0.0.1:8000/v1\n  api_key: local\n  api_key_env: X\n");
    expect(await loadConfig(home)).toEqual({ model: { baseUrl: "http://127.0.0.1:8000/v1", apiKey: "local", apiKeyEnv: "X" } });
  });

  it("feeds resolveModelSettings", async () => {
    await write("model:\n  name: qwen2.5\n  base_url: http://127.0.0.1:1234/v1\n");
    const resolved = resolveModelSettings({ env: {}, config: await loadConfig(home) });
    expect(resolved).toMatchObject({ model: "qwen2.5", baseUrl: "http://127.0.0.1:1234/v1" });
    expect(resolved.problem).toBeUndefined();
  });
});

describe("loadConfig errors name the file, the key and what is expected", () => {
  it("invalid YAML, with its line", async () => {
    const message = await loadError("model:\n  name: [unclosed\n");
    expect(message).toMatch(/^Invalid YAML in config file/);
    expect(message).toMatch(/line \d+/);
  });

  it("a top level that is not a mapping", async () => {
    expect(await loadError("- a\n- b\n")).toMatch(/top level must be a mapping.*got a list/);
  });

  it("a wrong type", async () => {
    expect(await loadError("agent:\n  maxIterations: lots\n")).toContain("agent.maxIterations: expected a number, got a string");
    expect(await loadError("agent:\n  maxIterations: 0\n")).toContain("agent.maxIterations: expected a number of at least 1");
    expect(await loadError("agent:\n  maxIterations: 2.5\n")).toContain("agent.maxIterations: expected a whole number");
    expect(await loadError("mcp:\n  servers:\n    fs: npx\n")).toContain("mcp.servers.fs: expected a mapping (key: value), got a string");
  });

  it("a bad base URL", async () => {
    expect(await loadError("model:\n  baseUrl: localhost:11434\n")).toContain("model.baseUrl: expected an http:// or https:// URL");
  });

  it("an unknown key, listing the known ones", async () => {
    expect(await loadError("model:\n  name: m\n  temperature: 0.2\n")).toContain(
      "model.temperature: unknown key; expected one of: name, baseUrl, apiKey, apiKeyEnv",
    );
  });

  it("an unknown section, naming the known ones and the nearest", async () => {
    const message = await loadError("modle: gpt-4o-mini\npermisions: {}\n");
    expect(message).toContain("modle: unknown section; expected one of: model, agent, mcp, tools, terminal, sandbox, checkpoints, permissions, context, instructions, input, hooks, serve (did you mean model?)");
    expect(message).toContain("permisions: unknown section; expected one of: model,");
    expect(message).toContain("(did you mean permissions?)");
  });

  it("an alias set twice", async () => {
    expect(await loadError("model:\n  baseUrl: http://a/v1\n  base_url: http://b/v1\n")).toContain(
      "model.base_url and model.baseUrl are both set",
    );
  });

  it("every problem at once, without echoing a secret value", async () => {
    const message = await loadError("model:\n  apiKey: 12345678901234\n  apiKeyEnv: not a name\nagent:\n  toolsets: 3\n");
    expect(message).toContain("model.apiKey: expected a string, got a number");
    expect(message).toContain("model.apiKeyEnv: expected an environment variable name");
    expect(message).toContain("agent.toolsets: expected a list");
    expect(message).not.toContain("12345678901234");
  });

  it("a config path that cannot be read", async () => {
    await mkdir(join(home, "config.yaml"));
    await expect(loadConfig(home)).rejects.toThrow(/Cannot read config file .*config\.yaml/);
  });
});

describe("compaction, pricing and mode keys", () => {
  it("reads context.compactAt (compact_at too), model.pricing and agent.mode", async () => {
    await write("context:\n  compact_at: 0.7\nmodel:\n  pricing: { input: 2.5, output: 10, cachedInput: 1.25 }\nagent:\n  mode: plan\n");
    expect(await loadConfig(home)).toEqual({ context: { compactAt: 0.7 }, model: { pricing: { input: 2.5, output: 10, cachedInput: 1.25 } }, agent: { mode: "plan" } });
  });

  it("refuses a compactAt outside (0, 0.95], an unknown mode and a pricing without output", async () => {
    expect(await loadError("context:\n  compactAt: 1.2\n")).toContain("context.compactAt: expected at most 0.95");
    expect(await loadError("context:\n  compactAt: 0\n")).toContain("context.compactAt: expected a share of the window between 0 and 1");
    expect(await loadError("agent:\n  mode: yolo\n")).toContain("agent.mode: expected default, plan or accept-edits");
    expect(await loadError("model:\n  pricing: { input: 1 }\n")).toContain("model.pricing.output");
    expect(await loadError("context:\n  compactAtt: 0.5\n")).toContain("did you mean compactAt?");
  });
});

describe("instructions and input sections", () => {
  it("accept file names and byte caps, snake_case too; a folder in a file name is an error", async () => {
    const { parseConfig } = await import("../src/config/schema.js");
    expect(parseConfig("instructions:\n  files: CLAUDE.md, GEMINI.md\n  max_bytes: 1000\ninput:\n  max_stdin_bytes: 10\n")).toEqual({
      instructions: { files: ["CLAUDE.md", "GEMINI.md"], maxBytes: 1000 },
      input: { maxStdinBytes: 10 },
    });
    expect(() => parseConfig("instructions:\n  files: [docs/AGENTS.md]\n")).toThrow(/instructions\.files\.0: expected a file name without a folder/);
  });
});

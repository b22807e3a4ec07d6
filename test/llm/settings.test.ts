import { describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL, PLACEHOLDER_API_KEY, describeSource, resolveModelSettings } from "../../src/llm/index.js";

const config = { model: { name: "from-config", baseUrl: "http://config.example/v1/", apiKey: "config-key" } };
const env = { OPENAI_API_KEY: "env-key", OPENAI_BASE_URL: "http://env.example/v1", QUIVER_MODEL: "from-env" };

describe("resolveModelSettings", () => {
  it("prefers flags, then env, then config, setting by setting", () => {
    const all = resolveModelSettings({ flags: { model: "from-flag", baseUrl: "http://flag.example/v1" }, env, config });
    expect(all).toMatchObject({ model: "from-flag", baseUrl: "http://flag.example/v1", apiKey: "env-key" });
    expect(all.source).toEqual({
      model: { from: "flag", name: "--model" },
      baseUrl: { from: "flag", name: "--base-url" },
      apiKey: { from: "env", name: "OPENAI_API_KEY" },
    });

    const envOverConfig = resolveModelSettings({ env, config });
    expect(envOverConfig).toMatchObject({ model: "from-env", baseUrl: "http://env.example/v1", apiKey: "env-key" });

    const configOnly = resolveModelSettings({ env: {}, config });
    expect(configOnly).toMatchObject({ model: "from-config", baseUrl: "http://config.example/v1", apiKey: "config-key" });
    expect(configOnly.problem).toBeUndefined();
    expect(configOnly.source.baseUrl).toEqual({ from: "config", name: "model.baseUrl" });

    const mixed = resolveModelSettings({ flags: { model: "from-flag" }, env: { OPENAI_BASE_URL: "http://env.example/v1" }, config });
    expect(mixed).toMatchObject({ model: "from-flag", baseUrl: "http://env.example/v1", apiKey: "config-key" });
  });

  it("treats empty flags and env values as unset", () => {
    const resolved = resolveModelSettings({ flags: { model: "" }, env: { QUIVER_MODEL: "  ", OPENAI_API_KEY: "" }, config });
    expect(resolved).toMatchObject({ model: "from-config", apiKey: "config-key" });
  });

  it("reads the key from the variable named by config model.apiKeyEnv", () => {
    const resolved = resolveModelSettings({
      env: { ROUTER_KEY: "router-secret" },
      config: { model: { name: "m", baseUrl: "https://openrouter.ai/api/v1", apiKeyEnv: "ROUTER_KEY" } },
    });
    expect(resolved.problem).toBeUndefined();
    expect(resolved.apiKey).toBe("router-secret");
    expect(describeSource(resolved.source.apiKey)).toBe("env ROUTER_KEY (named by model.apiKeyEnv in config.yaml)");
  });

  it("needs no key for a local server and sends a placeholder", () => {
    const resolved = resolveModelSettings({ flags: { baseUrl: "http://localhost:11434/v1", model: "llama3.1" }, env: {} });
    expect(resolved.problem).toBeUndefined();
    expect(resolved.apiKey).toBe(PLACEHOLDER_API_KEY);
    expect(resolved.source.apiKey.from).toBe("none");
  });

  it("reports no model with the three ways to configure one", () => {
    const resolved = resolveModelSettings({ env: {}, configPath: "/home/me/.quiver/config.yaml" });
    expect(resolved.problem?.code).toBe("no-model");
    expect(resolved.model).toBeUndefined();
    expect(resolved.baseUrl).toBe(DEFAULT_BASE_URL);
    const message = resolved.problem!.message;
    expect(message).toMatch(/^No model configured/);
    expect(message).toContain("OPENAI_API_KEY");
    expect(message).toContain("QUIVER_MODEL");
    expect(message).toContain("--base-url http://localhost:11434/v1 --model llama3.1");
    expect(message).toContain("/home/me/.quiver/config.yaml");
    expect(message).toMatch(/model:\n\s+name: /);
  });

  it("reports a missing key for OpenAI itself before any request", () => {
    const resolved = resolveModelSettings({ env: { QUIVER_MODEL: "gpt-4o-mini" } });
    expect(resolved.problem?.code).toBe("no-api-key");
    expect(resolved.problem?.message).toContain("export OPENAI_API_KEY");
  });

  it("rejects a base URL that is not http(s), naming where it came from", () => {
    const resolved = resolveModelSettings({ flags: { model: "m" }, env: { OPENAI_BASE_URL: "localhost:11434" } });
    expect(resolved.problem?.code).toBe("invalid-base-url");
    expect(resolved.problem?.message).toContain('"localhost:11434" (from env OPENAI_BASE_URL)');
  });
});

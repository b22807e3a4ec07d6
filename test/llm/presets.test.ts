/** Provider presets in settings resolution: base URL, key variable, compat, and the problems they report. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/schema.js";
import { DEFAULT_COMPAT, PROVIDER_PRESETS, findPreset, resolveCompat, resolveModelSettings } from "../../src/llm/index.js";

describe("provider presets", () => {
  it.each(Object.entries(PROVIDER_PRESETS))("%s: base URL, key variable and compat come from the preset", (name, preset) => {
    const env = preset.apiKeyEnv === undefined ? {} : { [preset.apiKeyEnv]: "key-0123456789" };
    const settings = resolveModelSettings({ flags: { provider: name, model: "m", ...(preset.baseUrl === undefined ? { baseUrl: "https://res.openai.azure.com/openai/v1" } : {}) }, env });
    expect(settings.problem).toBeUndefined();
    expect(settings.provider).toBe(name);
    if (preset.baseUrl !== undefined) expect(settings.baseUrl).toBe(preset.baseUrl);
    if (preset.apiKeyEnv !== undefined) expect(settings.apiKey).toBe("key-0123456789");
    expect(settings.compat).toEqual(resolveCompat(preset.compat));
    expect(preset.quirks.length).toBeGreaterThan(0);
  });

  it("names are forgiving: llama.cpp, LM-Studio", () => {
    expect(findPreset("llama.cpp")?.name).toBe("llamacpp");
    expect(findPreset("LM-Studio")?.name).toBe("lmstudio");
  });

  it("a preset replaces OpenAI's env defaults, but flags and config still win", () => {
    const env = { OPENAI_BASE_URL: "https://proxy.example/v1", OPENAI_API_KEY: "sk-openai-key-0123", GROQ_API_KEY: "gsk-0123456789" };
    const groq = resolveModelSettings({ flags: { provider: "groq", model: "m" }, env });
    expect(groq.baseUrl).toBe("https://api.groq.com/openai/v1");
    expect(groq.apiKey).toBe("gsk-0123456789");
    const overridden = resolveModelSettings({ flags: { provider: "groq", model: "m" }, env, config: { model: { baseUrl: "http://127.0.0.1:9/v1", apiKeyEnv: "OPENAI_API_KEY" } } });
    expect(overridden.baseUrl).toBe("http://127.0.0.1:9/v1");
    expect(overridden.apiKey).toBe("sk-openai-key-0123");
  });

  it("the openai preset still reads OPENAI_BASE_URL (a proxy in front of OpenAI)", () => {
    const settings = resolveModelSettings({ flags: { provider: "openai", model: "m" }, env: { OPENAI_BASE_URL: "https://proxy.example/v1", OPENAI_API_KEY: "sk-0123456789" } });
    expect(settings.baseUrl).toBe("https://proxy.example/v1");
  });

  it("azure: needs a base URL, and sends the key in api-key too", () => {
    const missing = resolveModelSettings({ flags: { provider: "azure", model: "m" }, env: { AZURE_OPENAI_API_KEY: "az-0123456789" } });
    expect(missing.problem?.code).toBe("invalid-base-url");
    expect(missing.problem?.message).toContain("openai.azure.com");
    const ok = resolveModelSettings({ flags: { provider: "azure", model: "m", baseUrl: "https://r.openai.azure.com/openai/v1" }, env: { AZURE_OPENAI_API_KEY: "az-0123456789" } });
    expect(ok.headers).toEqual({ "api-key": "az-0123456789" });
  });

  it("config compat overrides the preset's, flag by flag", () => {
    const settings = resolveModelSettings({ flags: { provider: "mistral", model: "m" }, env: { MISTRAL_API_KEY: "k-0123456789" }, config: { model: { compat: { streamUsage: true } } } });
    expect(settings.compat).toMatchObject({ streamUsage: true, reasoning: "strip" });
    expect(settings.compat?.maxTokensField).toBe("max_tokens");
    expect(resolveModelSettings({ flags: { model: "m", baseUrl: "http://127.0.0.1:1/v1" } }).compat).toEqual(DEFAULT_COMPAT);
  });
});

describe("config.yaml: model.provider, model.compat, model.maxTokens", () => {
  it("accepts them, snake_case too", () => {
    const config = parseConfig("model:\n  provider: groq\n  max_tokens: 100\n  compat:\n    stream_usage: false\n    max_tokens_field: max_completion_tokens\n    reasoning: strip\n");
    expect(config.model).toEqual({ provider: "groq", maxTokens: 100, compat: { streamUsage: false, maxTokensField: "max_completion_tokens", reasoning: "strip" } });
  });

  it("rejects an unknown compat flag or value, naming it", () => {
    expect(() => parseConfig("model:\n  compat:\n    streamUsag: false\n")).toThrow(/model\.compat\.streamUsag: unknown key; expected one of: streamUsage/);
    expect(() => parseConfig("model:\n  compat:\n    reasoning: drop\n")).toThrow(/model\.compat\.reasoning/);
  });
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { closedPort } from "../helpers/lifecycle.js";
import { text } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-doctor-", apiKey: "sk-doctor-0123456789" });

describe("quiver doctor", () => {
  it("passes when the endpoint answers and serves the model, and lists the toolsets", async () => {
    await cli.startServer({ models: ["other-model", "scripted-model"], replies: [text("OK")] });
    const result = await cli.run(["doctor"]);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ config .*none \(using flags and env only\)/);
    expect(result.stdout).toMatch(/✓ model .*scripted-model \(from env QUIVER_MODEL\)/);
    expect(result.stdout).toMatch(/✓ api key .*from env OPENAI_API_KEY/);
    expect(result.stdout).toMatch(/✓ endpoint .*answers; it lists 2 models/);
    expect(result.stdout).toMatch(/✓ model exists .*"scripted-model" is served there/);
    expect(result.stdout).toMatch(/✓ chat .*one chat request to "scripted-model" \(8 tokens at most\) succeeded/);
    expect(result.stdout).toMatch(/✓ toolsets .*available: .*file.*terminal/);
    expect(result.stdout).not.toContain("sk-doctor");
    expect(result.stdout).toContain("All good");
  });

  it("fails on a model the endpoint does not serve, and names the ones it does", async () => {
    await cli.startServer({ models: ["llama3.1:8b", "qwen2.5:7b"] });
    const result = await cli.run(["doctor", "--model", "llama3.1"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ model exists .*"llama3.1" \(from the --model flag\) is not among the models/);
    expect(result.stdout).toMatch(/fix: Use one it serves, e\.g\. --model llama3\.1:8b/);
    expect(result.stdout).toMatch(/1 problem/);
  });

  it("fails on an endpoint nothing answers at, saying how to fix it", async () => {
    const port = await closedPort();
    const result = await cli.run(["doctor"], { env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` } });

    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ endpoint .*Could not connect to http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(result.stdout).toMatch(/fix: Start the server, or point quiver at the right one \(now from env OPENAI_BASE_URL\)/);
  });

  it("warns, without failing, when the endpoint does not list models", async () => {
    await cli.startServer({ models: null, replies: [text("OK")] });
    const result = await cli.run(["doctor"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/! endpoint .*does not list models/);
    expect(result.stdout).toMatch(/All good \(1 warning\)/);
  });

  it("fails with the ways to configure a model when none is set", async () => {
    const result = await cli.run(["doctor"], { env: { QUIVER_MODEL: undefined } });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ model .*No model configured/);
    expect(result.stdout).toContain("export QUIVER_MODEL=gpt-4o-mini");
    expect(result.stdout).toContain("http://localhost:11434/v1");
  });

  it("reports an invalid config file with the key at fault", async () => {
    await cli.startServer();
    writeFileSync(join(cli.home, "config.yaml"), "model:\n  nmae: gpt-4o-mini\n");
    const result = await cli.run(["doctor", "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; checks: Array<{ check: string; status: string; detail: string; fix?: string }> };
    expect(report.ok).toBe(false);
    expect(report.checks[0]).toMatchObject({ check: "config", status: "fail", detail: expect.stringContaining("model.nmae: unknown key") });
    expect(report.checks[0]!.fix).toContain("config.yaml");
  });

  it("warns when the tool definitions take more than 10% of the context window", async () => {
    await cli.startServer({ models: ["scripted-model"], replies: [text("OK"), text("OK")] });
    const fits = await cli.run(["doctor", "--no-mcp"]);
    expect(fits.stdout).toMatch(/✓ tool tokens .*\d+ tool definitions take [\d,]+ tokens per request \(within the 5,000-token budget/);
    writeFileSync(join(cli.home, "config.yaml"), "model:\n  contextWindow: 4096\ntools:\n  search: off\n");
    const tight = await cli.run(["doctor", "--no-mcp"]);
    expect(tight.code).toBe(0);
    expect(tight.stdout).toMatch(/! tool tokens .*more than 10% of the 4,096-token context window/);
    expect(tight.stdout).toMatch(/fix: Set tools\.search: auto/);
  });
});

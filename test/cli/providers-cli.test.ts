/**
 * Providers through the CLI: `--provider`, reasoning in `-p` (stderr only with --show-reasoning)
 * and `--json` (a `reasoning` event), `quiver doctor` naming the preset, and issue 10 finding 8:
 * `{"choices": []}` is an error (exit 1), never a silent exit 0.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { replay } from "../helpers/provider-fixtures.js";
import { sse, text } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-providers-cli-", apiKey: "sk-cli-providers-0123456789", model: "m" });

describe("finding 8: the model answers with no choices", () => {
  it.each([
    ["a JSON body", () => replay("openai/no-choices.json")],
    ["an SSE chunk", () => sse([{ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [] }])],
  ])("as %s: exit 1 and 'the model returned no choices' on stderr", async (_what, reply) => {
    await cli.startServer({ replies: [reply(), reply(), reply()] });
    const result = await cli.run(["chat", "-p", "hello", "--no-mcp"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the model returned no choices/i);
    expect(result.stdout).toBe("");
  });
});

describe("reasoning in one-shot runs", () => {
  it("goes to stderr only with --show-reasoning, never to stdout", async () => {
    await cli.startServer({ replies: [replay("groq/reasoning.sse"), replay("groq/reasoning.sse")] });
    const shown = await cli.run(["chat", "-p", "hello", "--no-mcp", "--show-reasoning"]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain("Okay, let me try to");
    expect(shown.stdout).not.toContain("Okay, let me try to");
    const hidden = await cli.run(["chat", "-p", "hello", "--no-mcp"]);
    expect(hidden.code).toBe(0);
    expect(hidden.stderr).not.toContain("Okay, let me try to");
  });

  it("--json: reasoning events, and the assistant message carries it", async () => {
    await cli.startServer({ replies: [replay("mistral/thinking-parts.sse")] });
    const result = await cli.run(["chat", "-p", "2+2?", "--json", "--no-mcp"]);
    expect(result.code).toBe(0);
    const events = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; text?: string; content?: string });
    const reasoning = events.filter((e) => e.type === "reasoning").map((e) => e.text).join("");
    expect(reasoning).toBe("The user is asking for 2+2. This is basic arithmetic. 2+2=4.");
    expect(events.find((e) => e.type === "turn_end")?.content).toBe("2 + 2 = 4");
  });
});

describe("--provider", () => {
  it("uses the preset's key variable and quirks (mistral: no stream_options)", async () => {
    const server = await cli.startServer({ replies: [text("bonjour")] });
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp", "--provider", "mistral", "--base-url", server.baseUrl], { env: { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, MISTRAL_API_KEY: "mistral-key-0123456789" } });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("bonjour");
    const request = server.chatRequests[0]!;
    expect(request.headers.authorization).toBe("Bearer mistral-key-0123456789");
    expect(request.body).not.toHaveProperty("stream_options");
  });

  it("model.provider and model.compat from config.yaml apply too", async () => {
    const server = await cli.startServer({ replies: [text("ok")] });
    writeFileSync(join(cli.home, "config.yaml"), `model:\n  provider: deepseek\n  baseUrl: ${server.baseUrl}\n  max_tokens: 64\n  compat:\n    stream_usage: false\n`);
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"], { env: { OPENAI_BASE_URL: undefined, DEEPSEEK_API_KEY: "ds-key-0123456789" } });
    expect(result.code).toBe(0);
    expect(server.chatRequests[0]!.headers.authorization).toBe("Bearer ds-key-0123456789");
    expect(server.chatRequests[0]!.body).toMatchObject({ max_tokens: 64 });
    expect(server.chatRequests[0]!.body).not.toHaveProperty("stream_options");
  });

  it("an unknown provider is a usage error listing the known ones", async () => {
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp", "--provider", "deepsek"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown provider "deepsek"');
    expect(result.stderr).toContain("deepseek");
  });

  it("a hosted preset without its key says which variable to set", async () => {
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp", "--provider", "groq"], { env: { OPENAI_BASE_URL: undefined } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("export GROQ_API_KEY=");
  });

  it("quiver doctor names the preset in use and its quirks", async () => {
    const server = await cli.startServer({ replies: [] });
    const result = await cli.run(["doctor", "--provider", "mistral", "--base-url", server.baseUrl, "--no-mcp", "--json"], { env: { MISTRAL_API_KEY: "k-0123456789" } });
    const report = JSON.parse(result.stdout) as { checks: Array<{ check: string; detail: string }> };
    const provider = report.checks.find((c) => c.check === "provider")!;
    expect(provider.detail).toContain("mistral preset");
    expect(provider.detail).toContain("no stream_options");
    expect(provider.detail).toContain("streamUsage=false");
  });
});

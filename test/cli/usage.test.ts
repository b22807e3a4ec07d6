/**
 * Token use and cost through the real CLI (issue 23, item 6): the provider's usage per request
 * (cached tokens included) as a `{"type":"usage"}` event in --json, an estimate marked so when
 * the provider sends none, the cost from the shipped price table or `model.pricing`, and `/cost`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-usage-", apiKey: "sk-usage-0123456789" });

interface UsageLine {
  type: "usage";
  input: number;
  output: number;
  cached: number;
  estimated: boolean;
  purpose: string;
  cost?: number;
  session: { input: number; output: number; cached: number; requests: number; cost?: number };
  context: { tokens: number; window?: number; percent?: number };
}

const usageLines = (stdout: string): UsageLine[] =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string })
    .filter((e): e is UsageLine => e.type === "usage");

describe("usage and cost", () => {
  it("--json reports each request's usage from the provider, cached tokens and the cost of a known model", async () => {
    await cli.startServer({
      replies: [
        toolCall("read_file", { path: "missing.txt" }),
        text("Done.", { usage: { prompt_tokens: 1200, completion_tokens: 8, total_tokens: 1208, prompt_tokens_details: { cached_tokens: 1000 } } }),
      ],
    });
    const result = await cli.run(["chat", "--no-mcp", "-p", "hi", "--json"], { env: { QUIVER_MODEL: "gpt-4o" } });
    expect(result.code, result.stderr).toBe(0);
    const [first, second] = usageLines(result.stdout);
    expect(first).toMatchObject({ estimated: false, purpose: "turn", cached: 0 });
    expect(first!.input).toBeGreaterThan(0);
    expect(second).toMatchObject({ input: 1200, output: 8, cached: 1000, estimated: false, purpose: "turn" });
    // gpt-4o: $2.50 per million input, $1.25 cached, $10 output.
    expect(second!.cost).toBeCloseTo((200 * 2.5 + 1000 * 1.25 + 8 * 10) / 1e6, 12);
    expect(second!.session).toMatchObject({ input: first!.input + 1200, output: first!.output + 8, cached: 1000, requests: 2 });
    expect(second!.session.cost).toBeCloseTo(first!.cost! + second!.cost!, 12);
    expect(second!.context.window).toBe(128_000);
    const end = result.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; usage?: Record<string, unknown> }).at(-1)!;
    expect(end).toMatchObject({ type: "turn_end", usage: { cachedTokens: 1000 } });
  });

  it("without usage from the provider the figures are estimated, and marked so; model.pricing prices an unknown model", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "model:\n  compat:\n    streamUsage: false\n  pricing:\n    input: 1\n    output: 2\n");
    const server = await cli.startServer({ replies: [text("An answer of some forty characters, say.")] });
    const result = await cli.run(["chat", "--no-mcp", "-p", "hi", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.chatRequests[0]!.body!.stream_options).toBeUndefined();
    const [usage] = usageLines(result.stdout);
    expect(usage!.estimated).toBe(true);
    expect(usage!.input).toBeGreaterThan(100);
    expect(usage!.output).toBeGreaterThan(5);
    expect(usage!.cost).toBeCloseTo((usage!.input * 1 + usage!.output * 2) / 1e6, 12);
  });

  it("/cost in the chat sums the session, and says when the price is unknown", async () => {
    await cli.startServer({
      replies: [
        text("One.", { usage: { prompt_tokens: 500, completion_tokens: 10, total_tokens: 510 } }),
        text("Two.", { usage: { prompt_tokens: 700, completion_tokens: 20, total_tokens: 720, prompt_tokens_details: { cached_tokens: 400 } } }),
      ],
    });
    const result = await cli.run(["chat", "--no-mcp"], { input: "first\nsecond\n/cost\n" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Tokens: 1,200 in (400 cached) · 30 out · 2 requests");
    expect(result.stdout).toContain("Cost: unknown for this model (set model.pricing in config.yaml)");
  });
});

/**
 * A model whose context cannot hold quiver's prompt (issue 22, item 3): the agent falls back to
 * tool search, then to no tool definitions, and only then gives up, naming both token counts.
 * The scripted server plays a 4,096-token model that refuses requests with too many tools.
 */
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { httpError, text, type RecordedRequest, type ScriptedReply } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-small-context-", apiKey: "sk-small-0123456789" });

/** What OpenAI-compatible servers (OpenAI, vLLM) answer to a prompt larger than the context. */
const tooLong = (): ScriptedReply =>
  httpError(400, {
    message: "This model's maximum context length is 4096 tokens. However, your messages resulted in 9120 tokens. Please reduce the length of the messages.",
    type: "invalid_request_error",
    code: "context_length_exceeded",
  });

/** Refuses any request carrying more than `maxTools` tool definitions, else answers. */
function contextLimit(maxTools: number): (request: RecordedRequest) => ScriptedReply {
  return (request) => ((request.body?.tools?.length ?? 0) > maxTools ? tooLong() : text("It fits now."));
}

const toolCounts = (requests: readonly RecordedRequest[]): number[] => requests.map((r) => r.body?.tools?.length ?? 0);

describe("a model too small for the prompt", () => {
  it("falls back to tool search (tool_search alone: the core tools are no fewer) and answers", async () => {
    const server = await cli.startServer({ replies: [contextLimit(1), contextLimit(1)] });
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("It fits now.\n");
    const [first, second] = toolCounts(server.chatRequests);
    expect(first).toBeGreaterThan(1);
    expect(second).toBe(1);
    expect(server.chatRequests[1]!.body!.tools!.map((t) => t.function.name)).toEqual(["tool_search"]);
    expect(result.stderr).toMatch(/the prompt takes 9,120 tokens, its context holds 4,096\): retrying with tool_search as the only definition/);
  });

  it("then without tool definitions", async () => {
    const server = await cli.startServer({ replies: [contextLimit(0), contextLimit(0), contextLimit(0)] });
    // All tools, then tool_search alone, then none.
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("It fits now.\n");
    expect(toolCounts(server.chatRequests).at(-1)).toBe(0);
    expect(result.stderr).toContain("retrying without tool definitions");
  });

  it("gives up in one line naming both token counts, exit 1, when nothing fits", async () => {
    const server = await cli.startServer({ replies: [tooLong(), tooLong(), tooLong()] });
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"]);
    expect(result.code).toBe(1);
    expect(toolCounts(server.chatRequests).slice(1)).toEqual([1, 0]);
    expect(result.stderr).toMatch(/^quiver: scripted-model is too small for quiver's prompt: the prompt takes 9,120 tokens, its context holds 4,096, even with tool search/m);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});

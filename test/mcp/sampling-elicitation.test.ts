/**
 * Sampling and elicitation against server-everything's own tools. Sampling is answered by the
 * chat's model client (here the scripted OpenAI server through the real openai SDK) once the
 * user allowed it, and declined with a clear error when nobody can; elicitation is answered by
 * the REPL's form prompts (driven programmatically) or declined at once when there is no TTY.
 */
import { describe, expect, test } from "vitest";
import { createElicitationHandler } from "../../src/cli/mcp-elicitation.js";
import { createSamplingHandler } from "../../src/cli/mcp-sampling.js";
import { createChatClient, resolveModelSettings } from "../../src/llm/index.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import type { ApprovalRequest } from "../../src/registry/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import { text } from "../helpers/scripted-openai-server.js";
import { parse, useEverything } from "./support.js";

// Registered in this order so that, after each test, the MCP manager closes before the model server.
const startServer = useScriptedServers();
const everything = useEverything();

function chatClient(baseUrl: string) {
  const settings = resolveModelSettings({ flags: { baseUrl, model: "scripted-model" }, env: { OPENAI_API_KEY: "test-key" } });
  if (settings.problem) throw new Error(settings.problem.message);
  return createChatClient(settings);
}

describe("sampling", () => {
  test("answered by the chat's model after approval, with the server's system prompt and maxTokens", async () => {
    const model = await startServer({ replies: [text("Sampled answer from the model")] });
    const client = chatClient(model.baseUrl);
    const asked: ApprovalRequest[] = [];
    (await everything()).setInteraction({
      sampling: createSamplingHandler(() => client, async (request) => {
        asked.push(request);
        return "once";
      }),
    });
    const out = parse(await handleFunctionCall("mcp__everything__trigger_sampling_request", { prompt: "say hi", maxTokens: 33 }));
    expect(String(out.result)).toContain("Sampled answer from the model");
    expect(asked[0]).toMatchObject({ tool: 'MCP server "everything"', key: "mcp-sampling:everything" });
    expect(asked[0]?.subject).toContain("say hi");
    const body = model.chatRequests[0]?.body;
    expect(body?.max_tokens).toBe(33);
    expect(body?.messages[0]).toMatchObject({ role: "system", content: "You are a helpful test server." });
    expect(String(body?.messages[1]?.content)).toContain("say hi");
  });

  test("declined with a clear error when the user says no, or when nobody can be asked", async () => {
    const model = await startServer({ replies: [] });
    const m = await everything();
    m.setInteraction({ sampling: createSamplingHandler(() => chatClient(model.baseUrl), async () => "deny") });
    const denied = parse(await handleFunctionCall("mcp__everything__trigger_sampling_request", { prompt: "x" }));
    expect(JSON.stringify(denied)).toMatch(/declined the sampling request of MCP server \\"everything\\": the user declined it/);
    m.setInteraction({ sampling: undefined });
    const nobody = parse(await handleFunctionCall("mcp__everything__trigger_sampling_request", { prompt: "x" }));
    expect(JSON.stringify(nobody)).toMatch(/declined the sampling request.*no one to approve/);
    expect(model.chatRequests).toHaveLength(0);
  });
});

describe("elicitation", () => {
  test("form mode: fields are asked, wrong answers asked again, and the answers accepted", async () => {
    const answers = ["Ada Lovelace", "maybe", "y", "", "not-an-email", "ada@example.com", "", "1815-12-10", "500", "7", "", "3", "1,2", "", "", "", "y"];
    const questions: string[] = [];
    const printed: string[] = [];
    (await everything()).setInteraction({
      elicitation: createElicitationHandler({
        ask: async (q) => {
          questions.push(q);
          return answers.shift() ?? "";
        },
        print: (t) => printed.push(t),
      }),
    });
    const out = parse(await handleFunctionCall("mcp__everything__trigger_elicitation_request", {}));
    const result = String(out.result);
    expect(result).toMatch(/accept/i);
    expect(result).toContain("Ada Lovelace");
    expect(result).toContain("ada@example.com");
    expect(printed.join("\n")).toContain("Answer y or n.");
    expect(printed.join("\n")).toContain("Enter an email address");
    expect(printed.join("\n")).toContain("The largest allowed value is 100.");
    expect(questions.at(-1)).toMatch(/Send these answers\?/);
  });

  test("URL mode: the URL is shown and the answer is sent when the user is done (or declines)", async () => {
    const printed: string[] = [];
    const answers = ["", "n"];
    (await everything()).setInteraction({
      elicitation: createElicitationHandler({ ask: async () => answers.shift() ?? "", print: (t) => printed.push(t) }),
    });
    const done = parse(await handleFunctionCall("mcp__everything__trigger_url_elicitation", { url: "https://example.com/consent" }));
    expect(printed.join("\n")).toContain("https://example.com/consent");
    expect(JSON.stringify(done)).toMatch(/accept/i);
    const declined = parse(await handleFunctionCall("mcp__everything__trigger_url_elicitation", { url: "https://example.com/other" }));
    expect(JSON.stringify(declined)).toMatch(/decline/i);
  });

  test("with no TTY (no handler) it is declined at once", async () => {
    await everything();
    const started = Date.now();
    const out = parse(await handleFunctionCall("mcp__everything__trigger_elicitation_request", {}));
    expect(String(out.result ?? out.error)).toMatch(/decline/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

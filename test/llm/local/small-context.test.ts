/** The local provider on a context too small for the prompt: a context_overflow error with both token counts (issue 22, item 3). */
import { afterAll, describe, expect, it } from "vitest";
import { ModelError } from "../../../src/llm/index.js";
import { unloadAll } from "../../../src/llm/local/loader.js";
import { fixtureClient, fixtureModel } from "../../helpers/local-model.js";

const model = fixtureModel();
afterAll(async () => {
  await unloadAll();
  model.cleanup();
});

describe("a local model whose context cannot hold the prompt", () => {
  it("fails with kind context_overflow, naming the context size and the prompt's size", async () => {
    const client = await fixtureClient(model.path, { maxContextSize: 256 });
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    // The system prompt is what context shifting keeps: it alone is larger than the context.
    const err = await client.streamChat({ messages: [{ role: "system", content: long }, { role: "user", content: "hi" }] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ModelError);
    const overflow = err as ModelError;
    expect(overflow.kind, overflow.message).toBe("context_overflow");
    expect(overflow.contextTokens).toBe(256);
    expect(overflow.promptTokens).toBeGreaterThan(256);
    expect(overflow.message).toMatch(/does not fit the 256-token context of the local model/);
  });
});

/** In `quiver chat`, ctx.caller.capabilities says what the chat can answer, and ctx.listRoots is refused. */
import { describe, expect, test } from "vitest";
import { chatCaller } from "../../src/cli/chat-caller.js";
import { withCaller } from "../../src/registry/caller.js";

describe("chat caller capabilities", () => {
  test("one-shot mode (nobody to ask, no model): nothing is declared, and asking is refused", async () => {
    const ctx = withCaller(chatCaller({})("probe", undefined));
    expect(ctx.caller.capabilities).toEqual({ elicitation: false, sampling: false, roots: false });
    await expect(ctx.elicit({ message: "?", requestedSchema: { type: "object", properties: {} } })).rejects.toThrow(/ctx\.elicit is unavailable/);
    await expect(ctx.listRoots()).rejects.toThrow(/ctx\.listRoots is unavailable here/);
  });

  test("the REPL with a terminal and a model: elicitation and sampling are declared, roots are not", () => {
    const interaction = { elicitation: async () => ({ action: "cancel" as const }), sampling: async () => ({ role: "assistant" as const, content: { type: "text" as const, text: "" }, model: "m" }) };
    const ctx = withCaller(chatCaller(interaction)("probe", undefined));
    expect(ctx.caller.capabilities).toEqual({ elicitation: true, sampling: true, roots: false });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { runFunctionCall, unknownToolError } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";

afterEach(() => void registry.deregister("rfc_echo"));

function echo(): void {
  registry.register({
    name: "rfc_echo",
    toolset: "rfc",
    schema: { parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } },
    handler: (args) => `n=${String(args.n)}`,
  });
}

describe("runFunctionCall", () => {
  it("returns the output with the parsed (coerced) arguments, and hands them over once before the tool runs", async () => {
    echo();
    const seen: unknown[] = [];
    const result = await runFunctionCall("rfc_echo", '{"n": "4",}', {}, { onArguments: (args) => seen.push(args) });
    expect(result).toEqual({ output: "n=4", args: { n: 4 }, errorType: undefined });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(result.args); // one parse: the object the tool got
  });

  it("says why the pipeline refused a call", async () => {
    echo();
    expect((await runFunctionCall("rfc_echo", "{}")).errorType).toBe("invalid_arguments");
    expect((await runFunctionCall("rfc_echo", '{"n": 1')).errorType).toBe("truncated_arguments");
    expect((await runFunctionCall("rfc_nope", "{}")).errorType).toBe("unknown_tool");
    const notOffered = await runFunctionCall("rfc_echo", '{"n":1}', {}, { offered: new Set(["read_file"]) });
    expect(notOffered.errorType).toBe("unknown_tool");
    expect(notOffered.output).toContain("not enabled in this session");
  });

  it("'Unknown tool' reads the same wherever it comes from", () => {
    const text = JSON.parse(unknownToolError("read_fil", ["read_file", "terminal"])) as { error: string; suggestions: string[] };
    expect(text.error).toMatch(/^Unknown tool: read_fil\. Did you mean "read_file"\? Available tools: read_file, terminal$/);
    expect(text.suggestions).toEqual(["read_file"]);
  });
});

/**
 * A 2026-07-28 retry whose requestState is not the one the last round handed out (altered,
 * replayed, or unknown here) is refused with JSON-RPC -32602 before any answer reaches the
 * tool; the right state still completes the call. Answers a first request already carries are
 * used for the questions they match. Raw HTTP, so the state can be tampered with.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";
import type { ToolCallContext } from "../../src/registry/index.js";

const TOOL = "state_probe";
const CAPABLE = { elicitation: { form: {} } };
let server: RunningHttpServer;

beforeAll(async () => {
  registry.register({
    name: TOOL,
    toolset: "state-test",
    schema: { name: TOOL, description: "asks once", parameters: { type: "object", properties: {} } },
    handler: async (_args: Record<string, unknown>, ctx: ToolCallContext) => {
      const answer = await ctx.elicit({ message: "ok?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } }, key: "confirm" });
      return `ok=${String(answer.content?.ok)}`;
    },
  });
  server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["state-test"] });
});

afterAll(async () => {
  await server.close();
  registry.deregister(TOOL);
});

interface RpcAnswer {
  status: number;
  body: { result?: { resultType?: string; requestState?: string; content?: Array<{ text: string }> }; error?: { code: number; message: string } };
}

let nextId = 1;
async function callTool(extra: Record<string, unknown>): Promise<RpcAnswer> {
  const params = { name: TOOL, arguments: {}, ...extra, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": CAPABLE } };
  const res = await fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": TOOL },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method: "tools/call", params }),
  });
  const text = await res.text();
  const json = text.startsWith("{") ? text : (text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).find((l) => l.includes('"id"')) ?? "{}");
  return { status: res.status, body: JSON.parse(json) as RpcAnswer["body"] };
}

describe("requestState integrity on 2026-07-28", () => {
  for (const [label, alter] of [
    ["altered", (state: string) => `${state}-TAMPERED`],
    ["from another flight", () => "00000000-0000-0000-0000-000000000000.1"],
    ["an older round's", (state: string) => state.replace(/\.\d+$/, ".0")],
  ] as const) {
    test(`a retry with ${label} requestState is a -32602 error, and the right one still completes`, async () => {
      const first = await callTool({});
      expect(first.body.result?.resultType).toBe("input_required");
      const state = first.body.result!.requestState!;
      const answers = { inputResponses: { confirm: { action: "accept", content: { ok: true } } } };
      const tampered = await callTool({ ...answers, requestState: alter(state) });
      expect(tampered.body.error?.code, JSON.stringify(tampered.body)).toBe(-32602);
      expect(tampered.body.error?.message).toMatch(/requestState/);
      const right = await callTool({ ...answers, requestState: state });
      expect(right.body.result?.content?.[0]?.text).toBe("ok=true");
    });
  }

  test("answers sent with the first request (no requestState) answer the questions whose keys match; extra keys are ignored", async () => {
    const inputResponses = { confirm: { action: "accept", content: { ok: true } }, unknown_extra_key: { action: "accept", content: { foo: "bar" } } };
    const answer = await callTool({ inputResponses });
    expect(answer.body.result?.content?.[0]?.text, JSON.stringify(answer.body)).toBe("ok=true");
  });

  test("a first request whose answers match no question is asked as usual", async () => {
    const answer = await callTool({ inputResponses: { other: { action: "accept", content: { ok: true } } } });
    expect(answer.body.result?.resultType).toBe("input_required");
  });
});

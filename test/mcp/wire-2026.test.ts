/**
 * What quiver's client puts on the 2026-07-28 wire, seen by a real 2.x SDK server that records
 * every POST (test/mcp/fixtures/recording-modern-server.ts): the standard headers (SEP-2243
 * `Mcp-Method` / `Mcp-Name`), tool parameters mirrored into `Mcp-Param-*` headers, a tool with an
 * invalid `x-mcp-header` left out with quiver's one warning line, `requestState` echoed verbatim
 * on an input-required retry under a new JSON-RPC id (SEP-2322), and a JSON Schema 2020-12 input
 * schema kept intact for the model and enforced in its own dialect (SEP-1613).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { addLogSink, registry } from "../../src/registry/index.js";
import type { LogRecord } from "../../src/registry/index.js";
import { PROFILE_SCHEMA, REQUEST_STATE, startRecordingModernServer } from "./fixtures/recording-modern-server.js";
import type { RecordedPost } from "./fixtures/recording-modern-server.js";
import { parse } from "./support.js";

let server: Awaited<ReturnType<typeof startRecordingModernServer>>;
let manager: McpManager;
const records: LogRecord[] = [];
let removeSink: () => void;

beforeEach(async () => {
  records.length = 0;
  removeSink = addLogSink((r) => void records.push(r));
  server = await startRecordingModernServer();
  manager = await connectConfiguredServers({ servers: { wire: { url: server.url } }, backoff: { initialMs: 60_000, maxMs: 60_000 } });
});

afterEach(async () => {
  await manager.close();
  await server.close();
  removeSink();
});

const calls = (tool: string): RecordedPost[] => server.posts.filter((p) => p.body.method === "tools/call" && p.body.params?.name === tool);

describe("quiver's client on the 2026-07-28 wire", () => {
  test("every request carries Mcp-Method (and Mcp-Name where the method names something), matching its body", async () => {
    expect(manager.status()[0]).toMatchObject({ state: "connected", protocolVersion: "2026-07-28" });
    await handleFunctionCall("mcp__wire__lookup", { region: "eu", query: "q" });
    const requests = server.posts.filter((p) => p.body.id !== undefined);
    expect(requests.map((p) => p.body.method)).toEqual(expect.arrayContaining(["server/discover", "tools/list", "tools/call"]));
    for (const post of requests) {
      expect(post.headers["mcp-method"]).toBe(post.body.method);
      expect(post.headers["mcp-protocol-version"]).toBe("2026-07-28");
    }
    expect(calls("lookup")[0]?.headers["mcp-name"]).toBe("lookup");
  });

  test("x-mcp-header parameters are mirrored into Mcp-Param-* headers (Base64 when unsafe), others and absent ones are not", async () => {
    const out = parse(await handleFunctionCall("mcp__wire__lookup", { region: "us-west1", priority: 7, note: " padded, 世界 ", query: "SELECT 1" }));
    expect(out.error).toBeUndefined();
    const headers = calls("lookup")[0]!.headers;
    expect(headers["mcp-param-region"]).toBe("us-west1");
    expect(headers["mcp-param-priority"]).toBe("7");
    expect(headers["mcp-param-note"]).toBe(`=?base64?${Buffer.from(" padded, 世界 ").toString("base64")}?=`);
    expect(headers["mcp-param-query"]).toBeUndefined();

    await handleFunctionCall("mcp__wire__lookup", { region: "eu", query: "q" });
    expect(calls("lookup")[1]!.headers["mcp-param-priority"]).toBeUndefined();
  });

  test("a tool with an invalid x-mcp-header is left out, with quiver's one warning line (not the SDK's console.warn)", async () => {
    const tools = manager.status()[0]!.tools;
    expect(tools).toEqual(expect.arrayContaining(["mcp__wire__lookup", "mcp__wire__profile", "mcp__wire__confirm"]));
    expect(tools).not.toContain("mcp__wire__bad_header");
    const warnings = records.filter((r) => r.scope === "mcp" && r.level === "warn").map((r) => r.message);
    expect(warnings).toEqual([expect.stringContaining('"bad_header" (invalid x-mcp-header declaration')]);
  });

  test("an input-required retry echoes requestState verbatim, under a new JSON-RPC id; no other call carries it", async () => {
    manager.setInteraction({ elicitation: async () => ({ action: "accept", content: { ok: true } }) });
    const out = parse(await handleFunctionCall("mcp__wire__confirm", {}));
    expect(out.result).toBe('confirm: {}');
    const [first, retry] = calls("confirm");
    expect(first!.body.params).not.toHaveProperty("requestState");
    expect(retry!.body.params).toMatchObject({ requestState: REQUEST_STATE, inputResponses: { ok: { action: "accept", content: { ok: true } } } });
    expect(retry!.body.id).not.toEqual(first!.body.id);

    await handleFunctionCall("mcp__wire__lookup", { region: "eu", query: "q" });
    expect(calls("lookup")[0]!.body.params).not.toHaveProperty("requestState");
    expect(calls("lookup")[0]!.body.params).not.toHaveProperty("inputResponses");
  });
});

describe("a JSON Schema 2020-12 input schema", () => {
  test("reaches the model intact, $schema included", async () => {
    expect(registry.getSchema("mcp__wire__profile")?.parameters).toEqual(PROFILE_SCHEMA);
  });

  test("is enforced in its own dialect: $anchor refs, if/then/else, additionalProperties", async () => {
    const ok = parse(await handleFunctionCall("mcp__wire__profile", { name: "Ada", contact: "phone", phone: "123", address: { city: "Paris" } }));
    expect(ok.result).toContain("profile:");
    const noCity = parse(await handleFunctionCall("mcp__wire__profile", { name: "Ada", email: "a@b", address: {} }));
    expect(JSON.stringify(noCity)).toMatch(/city/);
    const noPhone = parse(await handleFunctionCall("mcp__wire__profile", { name: "Ada", contact: "phone" }));
    expect(JSON.stringify(noPhone)).toMatch(/phone/);
    const extra = parse(await handleFunctionCall("mcp__wire__profile", { name: "Ada", email: "a@b", age: 3 }));
    expect(JSON.stringify(extra)).toMatch(/age/);
    expect(calls("profile")).toHaveLength(1);
  });
});

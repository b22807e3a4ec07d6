/**
 * Tool descriptions and results cross quiver unchanged: every annotation, title and output
 * schema is kept on the client side; `quiver serve` passes them (and a proxied tool's
 * structuredContent) through as the server sent them. A destructive tool asks for approval.
 */
import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import { EVERYTHING, FILESYSTEM, mcpHarness, parse } from "./support.js";

const mcp = mcpHarness("fidelity-test");
const { connect, serveClient } = mcp;
let dir: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "quiver-mcp-fidelity-")));
});

afterEach(async () => {
  await mcp.closeAll();
  registry.deregister("own_report");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("annotations on the client side", () => {
  test("every annotation is kept with the registered tool", async () => {
    await connect({ fs: { command: process.execPath, args: [FILESYSTEM, dir], roots: [] } });
    expect(registry.getEntry("mcp__fs__write_file")?.meta?.annotations).toEqual({
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: true,
      openWorldHint: false,
    });
    expect(registry.getEntry("mcp__fs__read_text_file")?.readOnly).toBe(true);
  });

  test("a destructiveHint tool needs approval: refused without an approver, run once approved", async () => {
    await connect({ fs: { command: process.execPath, args: [FILESYSTEM, dir], roots: [] } });
    const target = join(dir, "a.txt");
    const refused = parse(await handleFunctionCall("mcp__fs__write_file", { path: target, content: "x" }));
    expect(refused).toMatchObject({ error_type: "approval_required" });
    await expect(readFile(target, "utf8")).rejects.toThrow();

    const asked: string[] = [];
    const approve = async (request: { subject: string }) => {
      asked.push(request.subject);
      return "once" as const;
    };
    const done = parse(await handleFunctionCall("mcp__fs__write_file", { path: target, content: "approved" }, { approve }));
    expect(done.error).toBeUndefined();
    expect(asked[0]).toContain("write_file");
    expect(await readFile(target, "utf8")).toBe("approved");

    const denied = parse(await handleFunctionCall("mcp__fs__write_file", { path: target, content: "no" }, { approve: async () => "deny" as const }));
    expect(denied).toMatchObject({ error_type: "approval_denied" });
    expect(await readFile(target, "utf8")).toBe("approved");
  });

  test("a trusted server's destructive tools run without asking", async () => {
    await connect({ fs: { command: process.execPath, args: [FILESYSTEM, dir], roots: [], trust: true } });
    const target = join(dir, "trusted.txt");
    expect(parse(await handleFunctionCall("mcp__fs__write_file", { path: target, content: "t" })).error).toBeUndefined();
    expect(await readFile(target, "utf8")).toBe("t");
  });
});

describe("quiver serve fidelity", () => {
  test("a proxied tool keeps its outputSchema, annotations and structuredContent, with no double encoding", async () => {
    await connect({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } });
    const direct = new Client({ name: "direct", version: "1.0.0" });
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }));
    mcp.track(direct);
    const original = (await direct.listTools()).tools.find((t) => t.name === "get-structured-content" || t.name === "get_structured_content");
    expect(original).toBeDefined();
    const expected = await direct.callTool({ name: original!.name, arguments: { location: "Chicago" } });

    const client = await serveClient(["mcp-everything"]);
    const name = `mcp__everything__${original!.name.replaceAll("-", "_")}`;
    const listed = (await client.listTools()).tools.find((t) => t.name === name);
    expect(listed?.outputSchema).toEqual(original!.outputSchema);
    expect(listed?.annotations).toEqual(original!.annotations ?? listed?.annotations);
    const got = await client.callTool({ name, arguments: { location: "Chicago" } });
    expect(got.structuredContent).toEqual(expected.structuredContent);
    expect(got.content).toEqual(expected.content);
  });

  test("quiver's own tools keep title, annotations and outputSchema, and answer with structuredContent", async () => {
    const outputSchema = { type: "object", properties: { total: { type: "number" } }, required: ["total"] };
    registry.register({
      name: "own_report",
      toolset: "fidelity",
      schema: { name: "own_report", description: "Totals", parameters: { type: "object", properties: {} } },
      handler: () => JSON.stringify({ total: 7 }),
      readOnly: true,
      meta: { title: "Own report", annotations: { idempotentHint: true, openWorldHint: false }, outputSchema },
    });
    const client = await serveClient(["fidelity"]);
    const [tool] = (await client.listTools()).tools;
    expect(tool).toMatchObject({ name: "own_report", title: "Own report", outputSchema, annotations: { idempotentHint: true, openWorldHint: false, readOnlyHint: true } });
    const result = await client.callTool({ name: "own_report", arguments: {} });
    expect(result.structuredContent).toEqual({ total: 7 });
    expect(result.content).toEqual([{ type: "text", text: '{"total":7}' }]);
  });
});

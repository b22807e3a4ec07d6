/**
 * The MCP client against our own scriptable server (a real child process over stdio):
 * registration, result conversion, refresh on list_changed, crashes, timeouts, cancellation
 * and name collisions.
 */
import { withCaller } from "../../src/registry/caller.js";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { handleFunctionCall, loadBuiltinTools } from "../../src/calls/model-tools.js";
import { addLogSink, registry } from "../../src/registry/index.js";
import type { LogRecord, MultimodalResult } from "../../src/registry/index.js";
import { parse, testServer, waitFor } from "./support.js";

const managers: McpManager[] = [];

async function connect(servers: Record<string, unknown>, opts: Parameters<typeof createMcpManager>[1] = {}): Promise<McpManager> {
  const manager = await createMcpManager(servers, { backoff: { initialMs: 50, maxMs: 200 }, refreshDebounceMs: 50, ...opts });
  managers.push(manager);
  await manager.start();
  return manager;
}

async function stats(server: string): Promise<{ toolsListRequests: number; cancelled: number; pid: number }> {
  const out = parse(await handleFunctionCall(`mcp__${server}__stats`, {}));
  return JSON.parse(out.result as string) as { toolsListRequests: number; cancelled: number; pid: number };
}

beforeAll(async () => {
  await loadBuiltinTools();
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

describe("registration", () => {
  test("a server's tools land in toolset mcp-<server>, aliased <server>, with schema, hints and timeout", async () => {
    const manager = await connect({ reg: testServer([], { timeout: 42 }) });
    const [status] = manager.status();
    expect(status).toMatchObject({ name: "reg", state: "connected", toolset: "mcp-reg", collisions: [] });
    expect(registry.getToolNamesForToolset("mcp-reg")).toEqual(status?.tools);
    expect(status?.toolCount).toBeGreaterThanOrEqual(10);
    expect(registry.getToolsetAliasTarget("reg")).toBe("mcp-reg");

    const echo = registry.getEntry("mcp__reg__echo");
    expect(echo?.toolset).toBe("mcp-reg");
    expect(echo?.schema).toEqual({
      name: "mcp__reg__echo",
      description: "Echoes its text",
      parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    });
    expect(echo?.readOnly).toBe(true);
    expect(registry.getEntry("mcp__reg__add_tool")?.readOnly).toBe(false);
    // The SDK applies the 42 s (restarted by progress), so quiver's own deadline stays out of the way.
    expect(echo?.timeoutMs).toBe(Infinity);
  });

  test("tool names are sanitised, and cut to 64 chars with a stable hash", async () => {
    const manager = await connect({ "my.server": testServer() });
    await handleFunctionCall("mcp__my_server__add_tool", { name: "get-tiny.image" });
    await waitFor(() => registry.getEntry("mcp__my_server__get_tiny_image"), "the sanitised dynamic tool");
    const long = "x".repeat(70);
    await handleFunctionCall("mcp__my_server__add_tool", { name: long });
    const name = await waitFor(() => manager.status()[0]?.tools.find((t) => t.startsWith("mcp__my_server__xxx")), "the long tool");
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^mcp__my_server__x+_[0-9a-f]{8}$/);
    expect(parse(await handleFunctionCall(name, {})).result).toBe(`I am ${long}`);
  });

  test("a paginated tools/list is followed to the end", async () => {
    const manager = await connect({ paged: testServer(["--page-size", "2", "--extra-tools", "5"]) });
    const tools = manager.status()[0]?.tools ?? [];
    expect(tools).toContain("mcp__paged__echo");
    for (let i = 0; i < 5; i++) expect(tools).toContain(`mcp__paged__extra_${i}`);
    expect((await stats("paged")).toolsListRequests).toBeGreaterThan(3);
  });

  test("include and exclude globs filter the server's tools", async () => {
    await connect({ filt: testServer(["--extra-tools", "3"], { include: ["extra_*", "stats"], exclude: "extra_1" }) });
    expect(registry.getToolNamesForToolset("mcp-filt")).toEqual(["mcp__filt__extra_0", "mcp__filt__extra_2", "mcp__filt__stats"]);
  });
});

describe("invalid tool listings", () => {
  test("a tool whose inputSchema the SDK rejects is skipped with one warning line naming it; the others stay, no retry", async () => {
    const records: LogRecord[] = [];
    const removeSink = addLogSink((r) => void records.push(r));
    try {
      const bad = [
        { name: "stringly", description: "input is not an object schema", inputSchema: { type: "string" } },
        { name: "schemaless", description: "no inputSchema at all" },
        { name: "odd_props", inputSchema: { type: "object", properties: { a: 5 } } },
        { name: "bad_output", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { a: { type: "nope" } } } },
      ];
      const manager = await connect({ lax: testServer(bad.flatMap((tool) => ["--raw-tool", JSON.stringify(tool)])) });
      const [status] = manager.status();
      expect(status?.state).toBe("connected");
      expect(status?.failedAttempts).toBe(0);
      expect(status?.tools).toContain("mcp__lax__echo");
      for (const { name } of bad) expect(status?.tools).not.toContain(`mcp__lax__${name}`);
      expect(parse(await handleFunctionCall("mcp__lax__echo", { text: "still here" })).result).toBe("echo: still here");

      // A refresh lists the same bad tools again: no second warning.
      await handleFunctionCall("mcp__lax__add_tool", { name: "late" });
      await waitFor(() => registry.getEntry("mcp__lax__late"), "the refreshed listing");
      const warnings = records.filter((r) => r.scope === "mcp" && (r.level === "warn" || r.level === "error"));
      expect(warnings.map((w) => w.message)).toEqual([expect.any(String)]);
      const line = warnings[0]!.message;
      expect(line.split("\n")).toHaveLength(1);
      expect(line.length).toBeLessThan(600);
      for (const { name } of bad) expect(line).toContain(`"${name}"`);
      expect(line).toContain('"lax"');
      expect(manager.status()[0]?.failedAttempts).toBe(0);
    } finally {
      removeSink();
    }
  });
});

describe("a tool list that is not a list", () => {
  test("fails the connection with a one-line error, not a schema dump", async () => {
    const manager = await connect({ broken: testServer(["--broken-list"]) }, { backoff: { initialMs: 60_000, maxMs: 60_000 } });
    const [status] = manager.status();
    expect(status?.state).toBe("failed");
    expect(status?.error).toMatch(/tools\/list answer is not a tool list: .*tools: /);
    expect(status?.error).not.toMatch(/"code"/);
    expect(status?.error?.split("\n")).toHaveLength(1);
  });
});

describe("results", () => {
  test("text is joined under result, isError becomes {error}, images become the multimodal envelope; the model gets one copy", async () => {
    await connect({ res: testServer() });
    expect(parse(await handleFunctionCall("mcp__res__echo", '{"text":"hi"}'))).toEqual({ result: "echo: hi" });
    expect(parse(await handleFunctionCall("mcp__res__fail", {}))).toEqual({ error: "deliberate failure" });
    // Text and structuredContent: the text only; no text: the structured JSON.
    expect(parse(await handleFunctionCall("mcp__res__structured", {}))).toEqual({ result: "see structuredContent" });
    expect(parse(await handleFunctionCall("mcp__res__structured_only", {}))).toEqual({ result: { rows: [1, 2, 3] } });
    const image = (await handleFunctionCall("mcp__res__image", {})) as MultimodalResult;
    expect(image._multimodal).toBe(true);
    expect(image.content).toEqual([
      { type: "text", text: "a red dot:" },
      { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
    ]);
  });

  test("arguments are validated against the MCP input schema before the server sees them", async () => {
    await connect({ val: testServer() });
    const out = parse(await handleFunctionCall("mcp__val__echo", {}));
    expect(String(out.error)).toMatch(/Invalid arguments/);
  });
});

describe("refresh on list_changed", () => {
  test("added tools appear, removed ones are deregistered, unchanged ones never vanish", async () => {
    await connect({ dyn: testServer() });
    let echoGone = false;
    const off = registry.onChange(() => {
      if (registry.getEntry("mcp__dyn__echo") === undefined) echoGone = true;
    });
    try {
      await handleFunctionCall("mcp__dyn__add_tool", { name: "fresh" });
      await waitFor(() => registry.getEntry("mcp__dyn__fresh"), "the added tool");
      expect(parse(await handleFunctionCall("mcp__dyn__fresh", {})).result).toBe("I am fresh");

      await handleFunctionCall("mcp__dyn__remove_tool", { name: "fresh" });
      await waitFor(() => registry.getEntry("mcp__dyn__fresh") === undefined, "the removed tool to be deregistered");
      await handleFunctionCall("mcp__dyn__remove_tool", { name: "image" });
      await waitFor(() => registry.getEntry("mcp__dyn__image") === undefined, "a static tool to be deregistered");
    } finally {
      off();
    }
    expect(echoGone).toBe(false);
    expect(registry.getEntry("mcp__dyn__echo")?.toolset).toBe("mcp-dyn");
  });

  test("a storm of 100 notifications costs at most a few re-lists", async () => {
    // A quiet period well above the burst's length even on a busy box; production uses 100 ms.
    const manager = await connect({ storm: testServer() }, { refreshDebounceMs: 250 });
    const before = (await stats("storm")).toolsListRequests;
    await handleFunctionCall("mcp__storm__storm", { count: 100 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await manager.settled();
    const relists = (await stats("storm")).toolsListRequests - before;
    expect(relists).toBeGreaterThanOrEqual(1);
    expect(relists).toBeLessThanOrEqual(3);
  });
});

describe("failures", () => {
  test("a server that crashes has its tools withdrawn, and they return when it reconnects", async () => {
    const manager = await connect({ phoenix: testServer() }, { backoff: { initialMs: 300, maxMs: 300 } });
    const firstPid = (await stats("phoenix")).pid;
    let withdrawn = false;
    const off = registry.onChange(() => {
      if (registry.getToolNamesForToolset("mcp-phoenix").length === 0) withdrawn = true;
    });
    try {
      expect(parse(await handleFunctionCall("mcp__phoenix__crash", {})).result).toBe("crashing");
      await waitFor(() => withdrawn, "the tools to be withdrawn");
      await waitFor(() => manager.status()[0]?.state === "connected" && registry.getEntry("mcp__phoenix__echo"), "the tools to return");
    } finally {
      off();
    }
    expect(registry.getToolsetAliasTarget("phoenix")).toBe("mcp-phoenix");
    const secondPid = (await stats("phoenix")).pid;
    expect(secondPid).not.toBe(firstPid);
  });

  test("a call in flight when the server dies, and a call after, get clear errors", async () => {
    const manager = await connect({ dying: testServer() }, { backoff: { initialMs: 60_000, maxMs: 60_000 } });
    const echo = registry.getEntry("mcp__dying__echo");
    const inFlight = parse(await handleFunctionCall("mcp__dying__crash", { midCall: true }));
    expect(String(inFlight.error)).toMatch(/server "dying".*disconnected/);
    await waitFor(() => manager.status()[0]?.state !== "connected", "the disconnect to be noticed");
    expect(registry.getEntry("mcp__dying__echo")).toBeUndefined();
    const later = parse((await echo?.handler({ text: "x" }, withCaller({}))) as string);
    expect(String(later.error)).toMatch(/MCP server "dying" is not connected .*unavailable until it reconnects/);
  });

  test("a call that hangs times out, and the server hears the cancellation", async () => {
    await connect({ slow: testServer([], { timeout: 0.5 }) });
    const out = parse(await handleFunctionCall("mcp__slow__sleep", { ms: 60_000 }));
    expect(String(out.error)).toMatch(/timed out/);
    await waitFor(async () => (await stats("slow")).cancelled === 1, "the server to see the cancellation");
  });

  test("aborting the caller's signal cancels the call on the server", async () => {
    await connect({ abort: testServer() });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const out = parse(await handleFunctionCall("mcp__abort__sleep", { ms: 60_000 }, { signal: controller.signal }));
    expect(String(out.error)).toMatch(/cancel/);
    await waitFor(async () => (await stats("abort")).cancelled === 1, "the server to see the cancellation");
  });
});

describe("collisions", () => {
  test("a name already held by another toolset is refused by the registry and reported, never shadowed", async () => {
    const records: LogRecord[] = [];
    const removeSink = addLogSink((r) => void records.push(r));
    const squatter = registry.register({
      name: "mcp__col__echo",
      toolset: "squatters",
      schema: { description: "got here first", parameters: { type: "object", properties: {} } },
      handler: () => "squatter",
    });
    try {
      const manager = await connect({ col: testServer() });
      const [status] = manager.status();
      expect(status?.state).toBe("connected");
      expect(status?.tools).not.toContain("mcp__col__echo");
      expect(status?.collisions).toEqual([
        expect.objectContaining({ tool: "echo", name: "mcp__col__echo", existingToolset: "squatters" }),
      ]);
      expect(manager.problems().join("\n")).toMatch(/tool "echo" not registered as "mcp__col__echo".*squatters/);
      expect(registry.getEntry("mcp__col__echo")).toBe(squatter);
      expect(await handleFunctionCall("mcp__col__echo", {})).toBe("squatter");
      const refused = records.find((r) => r.level === "error" && r.message.includes("mcp__col__echo"));
      expect(refused?.message).toMatch(/squatters/);
      expect(refused?.message).toMatch(/mcp-col/);
    } finally {
      removeSink();
      registry.deregister("mcp__col__echo");
    }
  });

  test("two servers whose names sanitise alike: the second one's tools are refused and reported", async () => {
    const manager = await connect({ "twin-a": testServer(), twin_a: testServer() });
    const dash = manager.status().find((s) => s.name === "twin-a");
    const underscore = manager.status().find((s) => s.name === "twin_a");
    const winner = dash?.toolCount ? dash : underscore;
    const loser = winner === dash ? underscore : dash;
    expect(winner?.toolCount).toBeGreaterThan(0);
    expect(loser?.toolCount).toBe(0);
    expect(loser?.collisions.map((c) => c.name)).toContain("mcp__twin_a__echo");
    expect(registry.getToolsetForTool("mcp__twin_a__echo")).toBe(winner?.toolset);
  });

  test("a server tool named like a built-in gets its own prefixed name; the built-in stays intact", async () => {
    const builtin = registry.getEntry("read_file");
    expect(builtin?.toolset).toBe("file");
    await connect({ shadow: testServer() });
    expect(registry.getEntry("read_file")).toBe(builtin);
    expect(parse(await handleFunctionCall("mcp__shadow__read_file", { path: "/etc/hostname" })).result).toBe("remote read_file of /etc/hostname");
  });
});

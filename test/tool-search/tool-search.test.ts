import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SessionTools } from "../../src/agent/request-tools.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry, type ToolOutput } from "../../src/registry/index.js";

const TS = "ts-search-test";
const OTHER = "ts-search-other";
const registered: string[] = [];

function tool(name: string, description: string, properties: Record<string, unknown> = {}, toolset = TS, checkFn?: () => boolean): void {
  registry.register({
    name,
    toolset,
    schema: { description, parameters: { type: "object", properties } },
    handler: () => JSON.stringify({ ran: name }),
    ...(checkFn === undefined ? {} : { checkFn }),
  });
  registered.push(name);
}

function names(output: ToolOutput): string[] {
  const parsed = JSON.parse(output as string) as { tools: Array<{ name: string }> };
  return parsed.tools.map((t) => t.name);
}

async function search(session: SessionTools, args: Record<string, unknown>): Promise<ToolOutput> {
  await session.next();
  return handleFunctionCall("tool_search", args, { toolCatalog: session.catalog });
}

// Token counts are memoised in $QUIVER_HOME/cache: keep them out of the real home.
const previousHome = process.env.QUIVER_HOME;
const home = mkdtempSync(join(tmpdir(), "quiver-toolsearch-"));

beforeAll(async () => {
  process.env.QUIVER_HOME = home;
  await import("../../src/tools/tool-search.js");
});

afterAll(() => {
  if (previousHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = previousHome;
  rmSync(home, { recursive: true, force: true });
});

afterEach(() => {
  for (const name of registered.splice(0)) registry.deregister(name);
});

function sampleTools(): void {
  tool("send_invoice", "Email a billing document to a customer.", { customer_id: { type: "string", description: "Who pays" } });
  tool("getWeatherForecast", "Forecast for the next days.", { city: { type: "string", description: "Place name" } });
  tool("resize_image", "Change the pixel dimensions of a picture.", { width: { type: "integer" }, height: { type: "integer" } });
  tool("convert_currency", "Exchange an amount of money.", { source_currency: { type: "string" }, target_currency: { type: "string" } });
  tool("translate_text", "Render text in another language.", { target_language: { type: "string", description: "ISO code" } });
}

describe("tool_search", () => {
  it("finds a tool by words of its description", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    expect(names(await search(session, { query: "email billing document" }))[0]).toBe("send_invoice");
  });

  it("finds a tool by the parts of its snake_case or camelCase name", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    expect(names(await search(session, { query: "weather" }))[0]).toBe("getWeatherForecast");
    expect(names(await search(session, { query: "resize" }))[0]).toBe("resize_image");
  });

  it("finds a tool by its parameter names and descriptions", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    expect(names(await search(session, { query: "width height" }))[0]).toBe("resize_image");
    expect(names(await search(session, { query: "ISO language code" }))[0]).toBe("translate_text");
  });

  it("returns name, description and parameters, best first, at most `limit`", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    const result = JSON.parse((await search(session, { query: "currency text image weather invoice", limit: 2 })) as string) as {
      tools: Array<{ name: string; description: string; parameters: { properties: Record<string, unknown> } }>;
    };
    expect(result.tools).toHaveLength(2);
    expect(Object.keys(result.tools[0]!)).toEqual(["name", "description", "parameters"]);
    const invalid = JSON.parse((await search(session, { query: "x", limit: 21 })) as string) as { error: string };
    expect(invalid.error).toMatch(/limit/);
  });

  it("select: returns the named tools in the order asked, and reports unknown names", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    const result = JSON.parse((await search(session, { query: "select:translate_text, send_invoice,nope" })) as string) as {
      tools: Array<{ name: string }>;
      not_found: string[];
    };
    expect(result.tools.map((t) => t.name)).toEqual(["translate_text", "send_invoice"]);
    expect(result.not_found).toEqual(["nope"]);
  });

  it("never returns tools of disabled toolsets or unavailable tools", async () => {
    sampleTools();
    tool("send_invoice_copy", "Email a billing document copy to a customer.", {}, OTHER);
    tool("email_billing_document_offline", "Email billing document while offline.", {}, TS, () => false);
    const session = new SessionTools({ enabledToolsets: [TS, OTHER], disabledToolsets: [OTHER] }, { mode: "on" });
    const found = names(await search(session, { query: "email billing document copy offline", limit: 20 }));
    expect(found).toContain("send_invoice");
    expect(found).not.toContain("send_invoice_copy");
    expect(found).not.toContain("email_billing_document_offline");
    const selected = JSON.parse((await search(session, { query: "select:send_invoice_copy,email_billing_document_offline" })) as string) as {
      not_found: string[];
    };
    expect(selected.not_found).toEqual(["send_invoice_copy", "email_billing_document_offline"]);
  });

  it("sees tools registered after an earlier search (the index follows the registry)", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on" });
    expect(names(await search(session, { query: "telescope" }))).toEqual([]);
    tool("point_telescope", "Aim the observatory telescope at a star.");
    expect(names(await search(session, { query: "telescope" }))).toEqual(["point_telescope"]);
    registry.deregister("point_telescope");
    expect(names(await search(session, { query: "telescope" }))).toEqual([]);
  });
});

describe("the session's tools array", () => {
  it("appends a tool registered mid-session and drops a removed one without reordering the rest", async () => {
    tool("b_tool", "second");
    tool("c_tool", "third");
    tool("d_tool", "fourth");
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "off" });
    const first = [...(await session.next()).names];
    expect(first).toEqual(["b_tool", "c_tool", "d_tool"]);
    tool("a_tool", "sorts first but arrives last");
    expect([...(await session.next()).names]).toEqual(["b_tool", "c_tool", "d_tool", "a_tool"]);
    registry.deregister("c_tool");
    expect([...(await session.next()).names]).toEqual(["b_tool", "d_tool", "a_tool"]);
  });

  it("with search on, carries the core tools and appends what a search finds or the model calls by name", async () => {
    sampleTools();
    tool("terminal_like", "core", {}, TS);
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "on", alwaysLoad: ["terminal_like"] });
    const first = await session.next();
    expect([...first.names]).toEqual(["terminal_like", "tool_search"]);
    expect(first.callable.has("convert_currency")).toBe(true);
    await handleFunctionCall("tool_search", { query: "exchange money" }, { toolCatalog: session.catalog });
    const second = [...(await session.next()).names];
    expect(second.slice(0, 2)).toEqual(["terminal_like", "tool_search"]);
    expect(second[2]).toBe("convert_currency");
    session.load(["resize_image", "not_a_tool"]);
    expect([...(await session.next()).names]).toEqual([...second, "resize_image"]);
  });

  it("a new session starts from the tools alone, whatever an earlier session on the same registry loaded", async () => {
    sampleTools();
    tool("terminal_like", "core", {}, TS);
    const options = { mode: "on", alwaysLoad: ["terminal_like"] } as const;
    const earlier = new SessionTools({ enabledToolsets: [TS] }, options);
    expect([...(await earlier.next(true)).names]).toEqual(["terminal_like", "tool_search"]);
    earlier.load(["resize_image"]);
    expect([...(await earlier.next(true)).names]).toEqual(["terminal_like", "tool_search", "resize_image"]);
    const fresh = new SessionTools({ enabledToolsets: [TS] }, options);
    expect([...(await fresh.next(true)).names]).toEqual(["terminal_like", "tool_search"]);
    const before = await fresh.next();
    fresh.load(["terminal_like"]); // already carried: the request stands as it was
    expect(await fresh.next()).toBe(before);
    fresh.load(["convert_currency"]);
    expect([...(await fresh.next()).names]).toEqual(["terminal_like", "tool_search", "convert_currency"]);
    expect([...(await earlier.next()).names]).toEqual(["terminal_like", "tool_search", "resize_image"]);
    // Searching or not, and which tools always load, make different first requests.
    expect([...(await new SessionTools({ enabledToolsets: [TS] }, { mode: "off" }).next(true)).names]).toHaveLength(6);
    expect([...(await new SessionTools({ enabledToolsets: [TS] }, { mode: "on", alwaysLoad: [] }).next(true)).names]).toEqual(["tool_search"]);
  });

  it("auto switches on past the token budget and keeps what was already sent", async () => {
    tool("small_tool", "small");
    const session = new SessionTools({ enabledToolsets: [TS] }, { mode: "auto", contextWindow: 10_240, alwaysLoad: [] });
    expect((await session.next()).searching).toBe(false);
    for (let i = 0; i < 40; i++) tool(`bulk_tool_${i}`, `Bulk tool number ${i} with a long description that costs tokens on every request.`);
    const later = await session.next();
    expect(later.searching).toBe(true);
    expect([...later.names]).toEqual(["small_tool", "tool_search"]);
  });
});

describe("the session's tools array, whatever happens", () => {
  it("keeps the order of the tools it already sent and appends the rest (property)", async () => {
    const { default: fc } = await import("fast-check");
    const pool = Array.from({ length: 12 }, (_, i) => `prop_tool_${String.fromCharCode(97 + ((i * 7) % 12))}${i}`);
    const step = fc.oneof(
      fc.record({ op: fc.constant("register" as const), name: fc.constantFrom(...pool) }),
      fc.record({ op: fc.constant("deregister" as const), name: fc.constantFrom(...pool) }),
      fc.record({ op: fc.constant("load" as const), name: fc.constantFrom(...pool) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("off" as const, "on" as const), fc.array(step, { maxLength: 25 }), async (mode, steps) => {
        const session = new SessionTools({ enabledToolsets: [TS] }, { mode, alwaysLoad: [] });
        let previous = [...(await session.next()).names];
        try {
          for (const { op, name } of steps) {
            if (op === "register" && registry.getEntry(name) === undefined) tool(name, `tool ${name}`);
            if (op === "deregister") registry.deregister(name);
            if (op === "load") session.load([name]);
            const now = [...(await session.next()).names];
            const kept = previous.filter((n) => now.includes(n));
            expect(now.slice(0, kept.length)).toEqual(kept);
            previous = now;
          }
        } finally {
          for (const name of pool) registry.deregister(name);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("sends everything when tool_search itself is disabled", async () => {
    sampleTools();
    const session = new SessionTools({ enabledToolsets: [TS], disabledToolsets: ["tool_search"] }, { mode: "on" });
    const request = await session.next();
    expect(request.searching).toBe(false);
    expect(request.names.size).toBe(5);
  });
});

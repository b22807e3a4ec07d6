/**
 * A prompt's `get` and a resource's `read` get the handler ctx a tool gets (ctx.elicit,
 * ctx.sample, ctx.listRoots, ctx.log, ctx.caller, ctx.signal), written once and served by
 * `quiver serve --http` to real 2.x SDK clients of both revisions: on 2026-07-28 as
 * input-required round trips of prompts/get and resources/read, on 2025-11-25 as
 * server-to-client requests. Outside serve (a program reading its own catalog) the channels
 * refuse at once, as a tool's do.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";
import type { PromptHandle, ResourceHandle } from "../../src/registry/index.js";

let server: RunningHttpServer;
const handles: Array<PromptHandle | ResourceHandle> = [];
const closers: Array<() => Promise<void>> = [];
const signals: AbortSignal[] = [];

beforeAll(async () => {
  handles.push(
    registry.registerPrompt({
      name: "cc_asks",
      description: "asks whom to greet",
      get: async (_args, ctx) => {
        signals.push(ctx.signal!);
        ctx.log("info", "prompt asking");
        const who = await ctx.elicit({ key: "who", message: "Whom to greet?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
        const roots = ctx.caller.capabilities.roots ? (await ctx.listRoots()).map((r) => r.uri).join(",") : "none";
        return `Greet ${String(who.content?.name)} (roots: ${roots})`;
      },
    }),
    registry.registerResource({
      uri: "cc://sampled",
      name: "sampled",
      read: async (_uri, _vars, ctx) => (await ctx.sample({ messages: [{ role: "user", content: "a word" }], maxTokens: 5 })).text,
    }),
  );
  server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["none"] });
});

afterAll(async () => {
  await server.close();
  for (const h of handles) h.remove();
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(mode: "auto" | "legacy", capable = true): Promise<{ client: Client; logs: string[] }> {
  const client = new Client({ name: "cc", version: "1" }, { versionNegotiation: { mode }, capabilities: capable ? { elicitation: { form: {} }, sampling: {}, roots: {} } : {} });
  const logs: string[] = [];
  if (capable) {
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
    client.setRequestHandler("sampling/createMessage", () => ({ role: "assistant", content: { type: "text", text: "tide" }, model: "m" }));
    client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///work/p" }] }));
  }
  client.setNotificationHandler("notifications/message", (note) => void logs.push(String(note.params.data)));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  closers.push(() => client.close());
  return { client, logs };
}

function firstText(result: { messages?: Array<{ content: unknown }>; contents?: ReadonlyArray<object> }): string {
  if (result.contents !== undefined) return String((result.contents[0] as { text?: unknown }).text);
  return String((result.messages?.[0]?.content as { text?: unknown }).text);
}

describe("a prompt's get and a resource's read ask their caller under serve", () => {
  for (const mode of ["auto", "legacy"] as const) {
    const revision = mode === "auto" ? "2026-07-28" : "2025-11-25";
    test(`prompts/get: ctx.elicit, ctx.listRoots, ctx.log and ctx.signal (${revision})`, async () => {
      const { client, logs } = await connect(mode);
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      if (mode === "legacy") await client.setLoggingLevel("info");
      const result = await client.getPrompt({ name: "cc_asks" });
      expect(firstText(result)).toBe("Greet Ada (roots: file:///work/p)");
      expect(logs).toContain("prompt asking");
      expect(signals.at(-1)).toBeInstanceOf(AbortSignal);
    });

    test(`resources/read: ctx.sample (${revision})`, async () => {
      const { client } = await connect(mode);
      expect(firstText(await client.readResource({ uri: "cc://sampled" }))).toBe("tide");
    });
  }

  test("a 2025-11-25 client without elicitation: the prompt fails with the reason, not a hang", async () => {
    const { client } = await connect("legacy", false);
    await expect(client.getPrompt({ name: "cc_asks" })).rejects.toThrow(/ctx\.elicit is unavailable: this MCP client did not declare the elicitation capability/);
  });

  test("a 2026-07-28 client without sampling: resources/read is -32021 naming sampling", async () => {
    const { client } = await connect("auto", false);
    const refused = await client.readResource({ uri: "cc://sampled" }).then(() => undefined, (err: unknown) => err as { code?: number; data?: unknown });
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });

  test("outside serve the channels refuse at once", async () => {
    await expect(registry.prompts.get("cc_asks", {})).rejects.toThrow(/ctx\.elicit is unavailable here/);
  });
});

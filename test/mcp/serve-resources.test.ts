/**
 * `quiver serve` answers the resources, prompts and completions registered in the registry
 * (`registry.registerResource` / `registerPrompt`), to real SDK clients over real loopback HTTP:
 * list, read, templates, subscribe (updates go to the subscribing session only, and stop on
 * unsubscribe), list_changed, prompts/get, completion/complete, and the errors a client can act on.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";
import type { PromptHandle, ResourceHandle } from "../../src/registry/index.js";
import { proxyServerCatalogs } from "../../src/mcp/proxy-catalog.js";
import { MAX_SUBSCRIPTIONS } from "../../src/mcp/serve-catalog.js";
import { useEverything, waitFor } from "./support.js";

const handles: Array<ResourceHandle | PromptHandle> = [];
const running: RunningHttpServer[] = [];
const clients: Array<{ close(): Promise<void> }> = [];
let dir = "";
let watched = "";
let note: ResourceHandle;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-serve-res-"));
  watched = join(dir, "watched.txt");
  writeFileSync(watched, "v1");
  note = registry.registerResource({ uri: "srv://note", name: "note", title: "A note", description: "A note.", mimeType: "text/plain", read: () => "the note" });
  handles.push(
    note,
    registry.registerResource({ uri: "srv://bytes", name: "bytes", mimeType: "application/octet-stream", read: () => new Uint8Array([0, 255]) }),
    registry.registerResource({ uri: "srv://watched", name: "watched", file: watched, read: () => "watched" }),
    registry.registerResource({ uri: "srv://broken", name: "broken", read: () => Promise.reject(new Error("disk on fire")) }),
    registry.registerResource({
      uriTemplate: "srv://users/{id}",
      name: "user",
      mimeType: "application/json",
      read: (_uri, { id }) => JSON.stringify({ id }),
      complete: { id: (typed) => ["ada", "alan", "grace"].filter((n) => n.startsWith(typed)) },
    }),
    registry.registerPrompt({
      name: "srv_greet",
      description: "Greets someone",
      arguments: [{ name: "who", description: "whom", required: true, complete: (typed) => ["ada", "alan"].filter((n) => n.startsWith(typed)) }],
      get: ({ who }) => ({ description: "a greeting", messages: [{ role: "user", content: `Hello ${who}` }, { role: "assistant", content: { type: "image", data: "AAAA", mimeType: "image/png" } }] }),
    }),
  );
});

afterAll(() => {
  for (const h of handles) h.remove();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(): Promise<string> {
  const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["file"], listChangedDelayMs: 10 });
  running.push(server);
  return server.url;
}

async function connect(url: string): Promise<{ client: Client; updated: string[]; listChanged: string[] }> {
  const client = new Client({ name: "serve-resources-test", version: "1.0.0" });
  const updated: string[] = [];
  const listChanged: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void listChanged.push("resources"));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void listChanged.push("prompts"));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  return { client, updated, listChanged };
}

describe("quiver serve: resources", () => {
  test("declares the capabilities, lists fixed resources and templates, reads text, bytes and template URIs", async () => {
    const { client } = await connect(await serve());
    expect(client.getServerCapabilities()).toMatchObject({ resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {} });
    const { resources } = await client.listResources();
    expect(resources.find((r) => r.uri === "srv://note")).toEqual({ uri: "srv://note", name: "note", title: "A note", description: "A note.", mimeType: "text/plain" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.find((t) => t.uriTemplate === "srv://users/{id}")).toEqual({ uriTemplate: "srv://users/{id}", name: "user", mimeType: "application/json" });
    expect((await client.readResource({ uri: "srv://note" })).contents).toEqual([{ uri: "srv://note", mimeType: "text/plain", text: "the note" }]);
    expect((await client.readResource({ uri: "srv://bytes" })).contents).toEqual([{ uri: "srv://bytes", mimeType: "application/octet-stream", blob: "AP8=" }]);
    expect((await client.readResource({ uri: "srv://users/ada" })).contents).toEqual([{ uri: "srv://users/ada", mimeType: "application/json", text: '{"id":"ada"}' }]);
  });

  test("an unknown URI is -32602 with data.uri; a read that throws is an internal error carrying its message", async () => {
    const { client } = await connect(await serve());
    const missing = await client.readResource({ uri: "srv://nothing" }).catch((e: unknown) => e as { code: number; data?: unknown; message: string });
    expect(missing).toMatchObject({ code: -32602, data: { uri: "srv://nothing" } });
    const broken = await client.readResource({ uri: "srv://broken" }).catch((e: unknown) => e as { code: number; message: string });
    expect(broken.code).toBe(-32603);
    expect(broken.message).toContain("reading srv://broken failed: disk on fire");
  });

  test("a subscriber hears notifyUpdated() and its file changing; another session hears nothing; unsubscribe ends it", async () => {
    const url = await serve();
    const a = await connect(url);
    const b = await connect(url);
    await a.client.subscribeResource({ uri: "srv://note" });
    await a.client.subscribeResource({ uri: "srv://watched" });
    note.notifyUpdated();
    await waitFor(() => a.updated.includes("srv://note"), "resources/updated for srv://note");
    writeFileSync(watched, "v2, changed");
    await waitFor(() => a.updated.includes("srv://watched"), "resources/updated for the watched file");
    await a.client.unsubscribeResource({ uri: "srv://note" });
    note.notifyUpdated();
    // A round trip after the notification: had it been sent, it would have arrived first.
    await a.client.ping();
    await b.client.ping();
    expect(a.updated.filter((u) => u === "srv://note")).toHaveLength(1);
    expect(b.updated).toEqual([]);
  });

  test("a session's subscriptions are bounded: past the cap a subscribe is refused with -32602 saying so", async () => {
    const { client } = await connect(await serve());
    await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS }, (_, i) => client.subscribeResource({ uri: `srv://many/${i}` })));
    await expect(client.subscribeResource({ uri: "srv://one-too-many" })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(`at most ${MAX_SUBSCRIPTIONS} resource subscriptions`) });
    // Subscribing again to one it has is no new subscription.
    await expect(client.subscribeResource({ uri: "srv://many/0" })).resolves.toEqual({});
  });

  test("registering and removing resources and prompts sends list_changed", async () => {
    const { client, listChanged } = await connect(await serve());
    const extra = registry.registerResource({ uri: "srv://extra", name: "extra", read: () => "x" });
    await waitFor(() => listChanged.includes("resources"), "resources/list_changed");
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain("srv://extra");
    extra.remove();
    const prompt = registry.registerPrompt({ name: "srv_extra", get: () => "x" });
    await waitFor(() => listChanged.includes("prompts"), "prompts/list_changed");
    prompt.remove();
    expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain("srv://extra");
  });
});

describe("quiver serve: prompts and completions", () => {
  test("lists and gets a prompt with its arguments; MCP content blocks pass through", async () => {
    const { client } = await connect(await serve());
    const { prompts } = await client.listPrompts();
    expect(prompts.find((p) => p.name === "srv_greet")).toEqual({ name: "srv_greet", description: "Greets someone", arguments: [{ name: "who", description: "whom", required: true }] });
    expect(await client.getPrompt({ name: "srv_greet", arguments: { who: "Ada" } })).toEqual({
      description: "a greeting",
      messages: [
        { role: "user", content: { type: "text", text: "Hello Ada" } },
        { role: "assistant", content: { type: "image", data: "AAAA", mimeType: "image/png" } },
      ],
    });
  });

  test("a missing required argument and an unknown prompt are -32602 saying which", async () => {
    const { client } = await connect(await serve());
    await expect(client.getPrompt({ name: "srv_greet", arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("needs argument(s) who") });
    await expect(client.getPrompt({ name: "srv_nope" })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Prompt not found: srv_nope") });
  });

  test("completes prompt arguments and template variables; an argument without completions gets none", async () => {
    const { client } = await connect(await serve());
    const prompt = await client.complete({ ref: { type: "ref/prompt", name: "srv_greet" }, argument: { name: "who", value: "a" } });
    expect(prompt.completion).toEqual({ values: ["ada", "alan"], total: 2, hasMore: false });
    const template = await client.complete({ ref: { type: "ref/resource", uri: "srv://users/{id}" }, argument: { name: "id", value: "g" } });
    expect(template.completion.values).toEqual(["grace"]);
    const none = await client.complete({ ref: { type: "ref/prompt", name: "srv_nope" }, argument: { name: "x", value: "" } });
    expect(none.completion.values).toEqual([]);
  });
});

describe("quiver serve: the catalogs at protocol 2026-07-28 (stateless requests)", () => {
  test("reads, gets and completes; a listen stream hears list_changed and notifyUpdated() for the URIs it asked for", async () => {
    const url = await serve();
    const client = new ModernClient({ name: "serve-resources-modern", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    const updated: string[] = [];
    const changed: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (n) => void updated.push(n.params.uri));
    client.setNotificationHandler("notifications/resources/list_changed", () => void changed.push("resources"));
    await client.connect(new ModernTransport(new URL(url)));
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect((await client.readResource({ uri: "srv://users/grace" })).contents).toEqual([{ uri: "srv://users/grace", mimeType: "application/json", text: '{"id":"grace"}' }]);
    expect((await client.getPrompt({ name: "srv_greet", arguments: { who: "Alan" } })).messages[0]).toEqual({ role: "user", content: { type: "text", text: "Hello Alan" } });
    expect((await client.complete({ ref: { type: "ref/prompt", name: "srv_greet" }, argument: { name: "who", value: "al" } })).completion.values).toEqual(["alan"]);
    const subscription = await client.listen({ resourcesListChanged: true, resourceSubscriptions: ["srv://note"] });
    try {
      note.notifyUpdated();
      await waitFor(() => updated.includes("srv://note"), "resources/updated on the listen stream");
      const extra = registry.registerResource({ uri: "srv://modern-extra", name: "extra", read: () => "x" });
      await waitFor(() => changed.includes("resources"), "resources/list_changed on the listen stream");
      extra.remove();
    } finally {
      await subscription.close();
    }
  });
});

describe("quiver serve: the resources and prompts of the servers it is connected to", () => {
  const everything = useEverything();

  test("are served beside quiver's own: prompts named mcp__<server>__<prompt>, resources under their own URIs, read and got through the server", async () => {
    const manager = await everything();
    const upstream = manager.connection("everything")!.client!;
    const [prompt] = (await upstream.listPrompts()).prompts.filter((p) => (p.arguments ?? []).every((a) => a.required !== true));
    const [resource] = (await upstream.listResources()).resources;
    const stop = proxyServerCatalogs(manager);
    try {
      const { client } = await connect(await serve());
      const name = `mcp__everything__${prompt!.name.replace(/[^A-Za-z0-9_]/g, "_")}`;
      await waitFor(async () => (await client.listPrompts()).prompts.some((p) => p.name === name), `prompt ${name} listed by serve`);
      expect(await client.getPrompt({ name })).toEqual(await upstream.getPrompt({ name: prompt!.name }));
      expect((await client.listResources()).resources.find((r) => r.uri === resource!.uri)?.name).toMatch(/^mcp__everything__/);
      expect((await client.readResource({ uri: resource!.uri })).contents).toEqual((await upstream.readResource({ uri: resource!.uri })).contents);
      // quiver's own entries are not shadowed.
      expect((await client.listResources()).resources.find((r) => r.uri === "srv://note")?.name).toBe("note");
    } finally {
      stop();
    }
    expect(registry.prompts.list().some((p) => p.name.startsWith("mcp__everything__"))).toBe(false);
  });
});

/**
 * Every MCP content type crosses quiver both ways: a quiver tool builds text, image, audio,
 * embedded-resource and resource-link parts with the public helpers and `quiver serve` sends
 * them as MCP blocks; a connected server's blocks reach quiver in the multimodal envelope, go
 * back out through `serve` unchanged, and the agent describes each in the tool message.
 * Real SDK servers and clients over loopback HTTP.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { toToolContent } from "../../src/agent/tool-content.js";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { audioPart, imagePart, multimodalResult, registry, resourceLinkPart, resourcePart, textPart } from "../../src/registry/index.js";
import type { MultimodalResult } from "../../src/registry/index.js";
import { mcpHarness } from "./support.js";

const WAV = Buffer.from("RIFF fake wave bytes").toString("base64");
const PDF = Buffer.from("%PDF-1.7 fake").toString("base64");

/** What the upstream server answers with: one block of every kind, annotations and _meta included. */
const BLOCKS: ContentBlock[] = [
  { type: "text", text: "here is everything" },
  { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
  { type: "audio", mimeType: "audio/wav", data: WAV, annotations: { audience: ["user"] } },
  { type: "resource", resource: { uri: "file:///notes/todo.md", mimeType: "text/markdown", text: "- buy milk" } },
  { type: "resource", resource: { uri: "file:///docs/spec.pdf", mimeType: "application/pdf", blob: PDF }, _meta: { origin: "test" } },
  { type: "resource_link", uri: "file:///logs/big.log", name: "big.log", description: "the full log", mimeType: "text/plain", size: 2048 },
];

const mcp = mcpHarness("content-types");
let upstream: { url: string; close(): Promise<void> };
const running: RunningHttpServer[] = [];
const clients: Client[] = [];

/** An SDK McpServer over stateless Streamable HTTP whose one tool answers with BLOCKS. */
async function startUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    const server = new McpServer({ name: "media", version: "1.0.0" });
    server.registerTool("media", { description: "answers with every content type" }, async () => ({ content: BLOCKS }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

beforeAll(async () => {
  upstream = await startUpstream();
  registry.register({
    name: "content_all",
    toolset: "content",
    schema: { description: "answers with every part kind, built with the public helpers", parameters: { type: "object", properties: {} } },
    handler: () =>
      multimodalResult([
        textPart("built by quiver"),
        imagePart("iVBORw0KGgo=", "image/png"),
        audioPart(Buffer.from("RIFF fake wave bytes"), "audio/wav"),
        resourcePart({ uri: "file:///notes/todo.md", mimeType: "text/markdown", text: "- buy milk" }),
        resourcePart({ uri: "file:///docs/spec.pdf", mimeType: "application/pdf", blob: new Uint8Array(Buffer.from("%PDF-1.7 fake")) }),
        resourceLinkPart({ uri: "file:///logs/big.log", name: "big.log", mimeType: "text/plain" }),
      ]),
  });
});

afterAll(async () => {
  registry.deregister("content_all");
  await upstream.close();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
  await mcp.closeAll();
});

async function serveClient(toolsets: string[]): Promise<Client> {
  const server = await serveMcpOverHttp({ port: 0, enabledToolsets: toolsets });
  running.push(server);
  const client = new Client({ name: "content-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  clients.push(client);
  return client;
}

describe("every MCP content type", () => {
  test("a quiver tool's helper-built parts reach a serve client as MCP blocks", async () => {
    const client = await serveClient(["content"]);
    const result = (await client.callTool({ name: "content_all", arguments: {} })) as CallToolResult;
    expect(result.content).toEqual([
      { type: "text", text: "built by quiver" },
      { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
      { type: "audio", mimeType: "audio/wav", data: WAV },
      { type: "resource", resource: { uri: "file:///notes/todo.md", mimeType: "text/markdown", text: "- buy milk" } },
      { type: "resource", resource: { uri: "file:///docs/spec.pdf", mimeType: "application/pdf", blob: PDF } },
      { type: "resource_link", uri: "file:///logs/big.log", name: "big.log", mimeType: "text/plain" },
    ]);
  });

  test("a connected server's blocks arrive in the envelope and pass through serve unchanged", async () => {
    await mcp.connect({ media: { url: upstream.url } });
    const output = (await handleFunctionCall("mcp__media__media", {})) as MultimodalResult;
    expect(output._multimodal).toBe(true);
    expect(output.content).toEqual([
      { type: "text", text: "here is everything" },
      { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ...BLOCKS.slice(2),
    ]);

    const client = await serveClient(["mcp-media"]);
    const result = (await client.callTool({ name: "mcp__media__media", arguments: {} })) as CallToolResult;
    expect(result.content).toEqual(BLOCKS);
  });

  test("the agent describes each non-text part in the tool message", async () => {
    await mcp.connect({ media: { url: upstream.url } });
    const output = (await handleFunctionCall("mcp__media__media", {})) as MultimodalResult;
    const { text, images } = toToolContent(output, false);
    expect(images).toEqual([]);
    expect(text.split("\n")).toEqual([
      "here is everything",
      expect.stringMatching(/^\[image 1 omitted: image\/png, [\d.]+ KB\]$/),
      "[audio: audio/wav, 20 B; not shown]",
      "[resource file:///notes/todo.md (text/markdown)]",
      "- buy milk",
      "[resource file:///docs/spec.pdf (application/pdf), 13 B binary; not shown]",
      "[resource link: big.log <file:///logs/big.log> (text/plain, 2.0 KB): the full log]",
    ]);
    // A model reading the summary alone (the CLI's one-line view) learns of the same parts.
    expect(output.text_summary).toContain("[resource link: big.log");
  });
});

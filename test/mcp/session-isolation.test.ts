/**
 * `quiver serve --http` keeps its sessions apart: the log records a tool call produces go to
 * the session that made the call, never to another one, whatever level that other one chose.
 * Real SDK clients over real loopback HTTP.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, afterAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { createLogger, registry } from "../../src/registry/index.js";
import { waitFor } from "./support.js";

const TOOL = "isolation_chatty";
const POOLED = "isolation_pooled";
/** A shared worker made on first use: its timer keeps the context of the request that made it. */
const pool: { jobs: Array<{ tag: string; done: () => void }>; timer?: NodeJS.Timeout } = { jobs: [] };
const running: RunningHttpServer[] = [];
const clients: Client[] = [];

beforeAll(() => {
  const log = createLogger("chatty");
  registry.register({
    name: TOOL,
    toolset: "isolation",
    schema: { description: "logs at every level, then a tick later, then answers", parameters: { type: "object", properties: { tag: { type: "string" } } } },
    handler: async (args: { tag?: string }) => {
      const tag = args.tag ?? "?";
      log.debug(`debug from ${tag}`);
      log.info(`info from ${tag}`);
      log.warn(`warn from ${tag}`);
      // A record written after an await (a timer) still belongs to the call that caused it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.warn(`late warn from ${tag}`);
      return `done ${tag}`;
    },
  });
});

beforeAll(() => {
  const log = createLogger("pool");
  registry.register({
    name: POOLED,
    toolset: "isolation",
    schema: { description: "hands a job to a shared worker, which logs it", parameters: { type: "object", properties: { tag: { type: "string" } } } },
    handler: async (args: { tag?: string }) => {
      pool.timer ??= setInterval(() => {
        for (const job of pool.jobs.splice(0)) {
          log.warn(`job from ${job.tag}`);
          job.done();
        }
      }, 10);
      await new Promise<void>((done) => pool.jobs.push({ tag: args.tag ?? "?", done }));
      return "queued and done";
    },
  });
});

afterAll(() => {
  registry.deregister(TOOL);
  registry.deregister(POOLED);
  clearInterval(pool.timer);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function client(url: string): Promise<{ client: Client; logs: LoggingMessageNotification["params"][] }> {
  const c = new Client({ name: "isolation-test", version: "1.0.0" });
  const logs: LoggingMessageNotification["params"][] = [];
  c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(c);
  return { client: c, logs };
}

const texts = (logs: LoggingMessageNotification["params"][]): string[] => logs.map((m) => String(m.data));

describe("quiver serve --http session isolation", () => {
  test("a second session that only set its log level receives none of the first session's logs", async () => {
    const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["isolation"] });
    running.push(server);
    const first = await client(server.url);
    const second = await client(server.url);
    await second.client.setLoggingLevel("debug");
    await first.client.setLoggingLevel("debug");

    const result = await first.client.callTool({ name: TOOL, arguments: { tag: "one" } });
    expect(result.content).toEqual([{ type: "text", text: "done one" }]);
    await waitFor(() => texts(first.logs).includes("late warn from one"), "the first session's late log");
    expect(texts(first.logs)).toEqual(expect.arrayContaining(["debug from one", "info from one", "warn from one", "late warn from one"]));

    // The second session's own call is logged to it, and proves its stream was open all along.
    await second.client.callTool({ name: TOOL, arguments: { tag: "two" } });
    await waitFor(() => texts(second.logs).includes("late warn from two"), "the second session's own log");
    expect(texts(second.logs).filter((t) => t.includes("one"))).toEqual([]);
    expect(texts(first.logs).filter((t) => t.includes("two"))).toEqual([]);
  });

  test("each session keeps its own level", async () => {
    const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["isolation"] });
    running.push(server);
    const loud = await client(server.url);
    const quiet = await client(server.url);
    await loud.client.setLoggingLevel("debug");
    await quiet.client.callTool({ name: TOOL, arguments: { tag: "q" } });
    await loud.client.callTool({ name: TOOL, arguments: { tag: "l" } });
    await waitFor(() => texts(quiet.logs).includes("late warn from q"), "the quiet session's warning");
    await waitFor(() => texts(loud.logs).includes("late warn from l"), "the loud session's warning");
    // The quiet one never set a level: warnings and up only.
    expect(texts(quiet.logs)).toEqual(["warn from q", "late warn from q"]);
    expect(texts(loud.logs)).toEqual(["debug from l", "info from l", "warn from l", "late warn from l"]);
  });

  test("a shared resource made during one session's call does not carry another session's logs back to it", async () => {
    const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["isolation"] });
    running.push(server);
    const maker = await client(server.url);
    const other = await client(server.url);
    await maker.client.callTool({ name: POOLED, arguments: { tag: "maker" } });
    await waitFor(() => texts(maker.logs).includes("job from maker"), "the maker's own job log");
    await other.client.callTool({ name: POOLED, arguments: { tag: "other" } });
    // Flush: a round trip on the maker's session after the other's job was logged.
    await maker.client.callTool({ name: TOOL, arguments: { tag: "flush" } });
    await waitFor(() => texts(maker.logs).includes("late warn from flush"), "the flush call's log");
    expect(texts(maker.logs).filter((t) => t.includes("other"))).toEqual([]);
  });
});

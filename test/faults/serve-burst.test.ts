/**
 * A burst of concurrent MCP sessions against `quiver serve --http`: every client completes its
 * handshake, lists and calls, with all sessions open at once, then ends its session with DELETE.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveMcpOverHttp } from "../../src/mcp/http-server.js";
import type { RunningHttpServer } from "../../src/mcp/http-server.js";
import { registry } from "../../src/registry/index.js";

const CLIENTS = 200;
let server: RunningHttpServer;

beforeAll(async () => {
  registry.register({
    name: "burst_echo",
    toolset: "burst",
    schema: { description: "echoes", parameters: { type: "object", properties: { n: { type: "number" } } } },
    handler: (args) => `echo ${String(args.n)}`,
    readOnly: true,
  });
  server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["burst"] });
});

afterAll(async () => {
  await server.close();
  registry.deregister("burst_echo");
});

/** Runs `count` clients at once; each connects, lists and calls, all sessions open together. */
async function burst(url: string, end: "delete" | "leave", count = CLIENTS): Promise<{ failures: string[]; answers: Array<string | undefined> }> {
  const transports = Array.from({ length: count }, () => new StreamableHTTPClientTransport(new URL(url)));
  const clients = transports.map(() => new Client({ name: "burst", version: "1.0.0" }));
  const failures: string[] = [];
  const record = (n: number, step: string) => (err: unknown) => void failures.push(`client ${n} ${step}: ${String(err)}`);

  const connected = await Promise.all(clients.map((c, n) => c.connect(transports[n]!).then(() => true, record(n, "connect"))));
  const answers = await Promise.all(
    clients.map(async (c, n) => {
      if (connected[n] !== true) return undefined;
      try {
        const { tools } = await c.listTools();
        if (!tools.some((t) => t.name === "burst_echo")) throw new Error("burst_echo not listed");
        const result = (await c.callTool({ name: "burst_echo", arguments: { n } })) as CallToolResult;
        return (result.content[0] as { text: string }).text;
      } catch (err) {
        record(n, "call")(err);
        return undefined;
      }
    }),
  );
  if (end === "delete") await Promise.all(transports.map((t, n) => t.terminateSession().catch(record(n, "DELETE"))));
  await Promise.all(clients.map((c) => c.close()));
  return { failures, answers };
}

const expected = (count: number): string[] => Array.from({ length: count }, (_, n) => `echo ${n}`);

describe(`a burst of ${CLIENTS} concurrent serve --http sessions`, () => {
  test("every session connects, lists, calls and ends with DELETE: 0 failures", async () => {
    const { failures, answers } = await burst(server.url, "delete");
    expect(failures.slice(0, 5)).toEqual([]);
    expect(failures).toHaveLength(0);
    expect(answers).toEqual(expected(CLIENTS));
  }, 60_000);

  test("a second burst after clients left without DELETE, past the session limit: idle sessions make room, 0 failures", async () => {
    // Scaled down (limit 40, bursts of 30) so that it takes seconds; the mechanism is the same at 256.
    const small = await serveMcpOverHttp({ port: 0, enabledToolsets: ["burst"], sessionLimits: { maxSessions: 40, idleMs: 500 } });
    try {
      const first = await burst(small.url, "leave", 30);
      expect(first.failures).toHaveLength(0);
      const second = await burst(small.url, "leave", 30);
      expect(second.failures.slice(0, 5)).toEqual([]);
      expect(second.answers).toEqual(expected(30));
    } finally {
      await small.close();
    }
  });
});

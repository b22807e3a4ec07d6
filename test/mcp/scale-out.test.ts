/**
 * Scale-out for real: three `quiver serve --http --stateless` instances (the built CLI) behind
 * nginx (round-robin, no affinity) sharing a real Redis, all started here. Hundreds of SDK
 * clients, half on each MCP revision, make their calls through nginx with none failing; and an
 * instance that gets SIGTERM mid-call drains: its client resumes with Last-Event-ID through
 * another instance and gets its result exactly once.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../helpers/cli.js";
import { NGINX, REDIS_SERVER, startNginx, startRedis, type Daemon } from "../helpers/daemons.js";
import { startServeInstance, type ServeInstance } from "../helpers/serve-instances.js";

const CLIENTS = 500;
const CALLS_PER_CLIENT = 20;
/** Clients at work at once: enough to keep three instances busy on two shared cores. */
// About 2 to 2.5 minutes on a busy 2-core machine; the bound leaves room for the suite's other files running beside it.
const CONCURRENCY = 24;
const INSTANCES = 3;
const LEGACY = "2025-11-25";
const MODERN = "2026-07-28";

let redis: Daemon | undefined;
let nginx: (Daemon & { accessLog(): string }) | undefined;
const instances: ServeInstance[] = [];
const marks = mkdtempSync(join(tmpdir(), "quiver-scale-marks-"));

beforeAll(async () => {
  assertBuilt();
  for (const binary of [REDIS_SERVER, NGINX]) if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install redis-server nginx (.ci/run does)`);
  redis = await startRedis();
  const store = `redis://127.0.0.1:${redis.port}`;
  instances.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => startServeInstance({ store, marks })))));
  nginx = await startNginx({ upstreams: instances.map((i) => i.port) });
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(instances.map((i) => i.stop()));
  await nginx?.stop();
  await redis?.stop();
  rmSync(marks, { recursive: true, force: true });
});

function endpoint(): URL {
  return new URL(`http://127.0.0.1:${nginx!.port}/mcp`);
}

function text(result: unknown): string {
  const first = (result as CallToolResult).content[0];
  return first?.type === "text" ? first.text : JSON.stringify(result);
}

interface Session {
  revision: string | undefined;
  call(name: string, args: Record<string, unknown>): Promise<string>;
  /** Responses seen per request id (a replayed duplicate would count twice). */
  responses: Map<string | number, number>;
  close(): Promise<void>;
}

/** `onmessage` wrapped after connect: every response the transport hands the client is counted. */
function counting(transport: { onmessage?: ((message: never, extra?: never) => void) | undefined }, responses: Map<string | number, number>): void {
  const deliver = transport.onmessage as ((message: unknown, extra?: unknown) => void) | undefined;
  transport.onmessage = ((message: { id?: string | number; result?: unknown; error?: unknown }, extra?: unknown) => {
    if (message.id !== undefined && (message.result !== undefined || message.error !== undefined)) responses.set(message.id, (responses.get(message.id) ?? 0) + 1);
    deliver?.(message, extra);
  }) as never;
}

async function legacySession(): Promise<Session> {
  const client = new ClientV1({ name: "scale-legacy", version: "1.0.0" });
  const transport = new TransportV1(endpoint());
  await client.connect(transport);
  const responses = new Map<string | number, number>();
  counting(transport as never, responses);
  return {
    revision: transport.protocolVersion,
    responses,
    call: async (name, args) => text(await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })),
    close: () => client.close(),
  };
}

async function modernSession(): Promise<Session> {
  const client = new ClientV2({ name: "scale-modern", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } });
  const transport = new TransportV2(endpoint());
  await client.connect(transport);
  const responses = new Map<string | number, number>();
  counting(transport as never, responses);
  return {
    revision: client.getNegotiatedProtocolVersion(),
    responses,
    call: async (name, args) => text(await client.callTool({ name, arguments: args }, { timeout: 60_000 })),
    close: () => client.close(),
  };
}

describe("quiver serve scaled out behind nginx, sharing Redis", () => {
  test(`${CLIENTS} clients × ${CALLS_PER_CLIENT} calls over both revisions, round-robin without affinity: none fails`, async () => {
    const failures: string[] = [];
    const revisions = new Map<string, number>();
    const answeredBy = new Map<string, number>();
    let calls = 0;
    let next = 0;
    const pids = new Set(instances.map((i) => String(i.pid)));
    async function oneClient(index: number): Promise<void> {
      const session = await (index % 2 === 0 ? legacySession() : modernSession());
      const want = index % 2 === 0 ? LEGACY : MODERN;
      revisions.set(String(session.revision), (revisions.get(String(session.revision)) ?? 0) + 1);
      try {
        for (let call = 0; call < CALLS_PER_CLIENT; call++) {
          const n = index * 1000 + call;
          const answer = await session.call("scale_echo", { n });
          const match = /^echo (\d+) from (\d+)$/.exec(answer);
          if (match?.[1] !== String(n) || !pids.has(match[2] as string)) failures.push(`client ${index} (${want}) call ${call}: ${answer}`);
          else answeredBy.set(match[2] as string, (answeredBy.get(match[2] as string) ?? 0) + 1);
          calls++;
        }
      } finally {
        await session.close();
      }
    }
    async function worker(): Promise<void> {
      while (next < CLIENTS) {
        const index = next++;
        await oneClient(index).catch((err: unknown) => failures.push(`client ${index}: ${err instanceof Error ? err.message : String(err)}`));
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    expect(calls).toBe(CLIENTS * CALLS_PER_CLIENT);
    expect(Object.fromEntries(revisions)).toEqual({ [LEGACY]: CLIENTS / 2, [MODERN]: CLIENTS / 2 });
    // Round-robin without affinity: every instance answered, one client's calls spread over them.
    expect(answeredBy.size).toBe(INSTANCES);
    for (const count of answeredBy.values()) expect(count).toBeGreaterThan((CLIENTS * CALLS_PER_CLIENT) / INSTANCES / 2);
  }, 240_000);

  test("2026-07-28 calls that ask their caller (input required) finish whichever instance each round reaches", async () => {
    const client = new ClientV2({ name: "scale-asker", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } }, capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", (request) => ({ action: "accept" as const, content: { name: `ans-${request.params.message.split(" ")[2]}` } }));
    await client.connect(new TransportV2(endpoint()));
    try {
      const answers: string[] = [];
      // Round-robin sends each retry to another instance than its call's first round.
      for (let i = 0; i < 6; i++) answers.push(text(await client.callTool({ name: "scale_ask", arguments: { topic: `t${i}` } }, { timeout: 30_000 })));
      for (const [i, answer] of answers.entries()) expect(answer).toMatch(new RegExp(`^asked t${i}: accept ans-t${i}\\? on \\d+$`));
    } finally {
      await client.close();
    }
  }, 60_000);

  test("SIGTERM drains an instance mid-call: its client resumes through another instance and gets one result", async () => {
    const session = await legacySession();
    try {
      const pending = session.call("scale_slow", { tag: "drain", ms: 2_500 });
      // Which instance runs the call: scale_slow marks it with its pid.
      let mark: string | undefined;
      const deadline = Date.now() + 15_000;
      while ((mark = readdirSync(marks).find((f) => f.startsWith("drain-"))) === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const owner = instances.find((i) => mark === `drain-${i.pid}`);
      expect(owner, `no instance marked the call (marks: ${readdirSync(marks).join(", ")})`).toBeDefined();
      const exited = owner!.terminate();
      const answer = await pending;
      // The call ran once, to its end, on the drained instance; its result came back through another.
      expect(answer).toBe(`slow drain done on ${owner!.pid}`);
      expect(readdirSync(marks).filter((f) => f.startsWith("drain-"))).toEqual([mark]);
      expect([...session.responses.values()].every((count) => count === 1)).toBe(true);
      const result = await exited;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/draining/);
      // nginx's log: the resume (GET with Last-Event-ID) answered by an instance other than the drained one.
      const resumes = nginx!
        .accessLog()
        .split("\n")
        .map((line) => line.split("|"))
        .filter(([method, status, , lastEventId]) => method === "GET" && status === "200" && lastEventId !== "" && lastEventId !== "-");
      const servedBy = resumes.map(([, , upstreams]) => (upstreams ?? "").split(", ").at(-1) ?? "");
      expect(servedBy.length, nginx!.accessLog().slice(-2000)).toBeGreaterThan(0);
      expect(servedBy.every((addr) => addr !== `127.0.0.1:${owner!.port}`)).toBe(true);
    } finally {
      await session.close();
    }
  }, 60_000);
});

/**
 * The store stateless `quiver serve` instances share, in both implementations against the same
 * contract (Redis: a real redis-server started here): events replay after an id, across store
 * objects (instances); an unknown id is unknown; followers wake; an unreachable Redis fails
 * start-up with what to do and without the URL's password.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MemoryEventStore } from "../../src/mcp/event-store.js";
import { openRedisStore } from "../../src/mcp/redis-store.js";
import { openServeStore } from "../../src/mcp/open-serve-store.js";
import { parseConfig } from "../../src/config/schema.js";
import type { ServeStore } from "../../src/mcp/serve-store.js";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { freePort, startRedis, type Daemon } from "../helpers/daemons.js";

let redis: Daemon | undefined;
const opened: ServeStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(opened.map((s) => s.close()));
  await redis?.stop();
});

const message = (id: number) => ({ jsonrpc: "2.0" as const, id, result: { content: [{ type: "text", text: `r${id}` }] } });
const note = (n: number) => ({ jsonrpc: "2.0" as const, method: "notifications/progress", params: { progressToken: 1, progress: n } });

/** Two stores over one backing: two instances. Memory has one process, so both are the same object. */
const kinds: Array<[string, () => Promise<[ServeStore, ServeStore]>]> = [
  ["memory", async () => {
    const store = new MemoryEventStore();
    return [store, store];
  }],
  ["redis", async () => {
    const url = `redis://127.0.0.1:${redis!.port}`;
    const pair: [ServeStore, ServeStore] = [await openRedisStore(url), await openRedisStore(url)];
    opened.push(...pair);
    return pair;
  }],
];

describe.each(kinds)("%s serve store", (_kind, open) => {
  test("what one instance stored, another replays after any id, priming left out, in order", async () => {
    const [writer, reader] = await open();
    const stream = randomUUID();
    const priming = await writer.storeEvent(stream, {} as never);
    const first = await writer.storeEvent(stream, note(1));
    // Before its response, a stream has not ended.
    expect((await reader.eventsAfter(priming))?.ended).toBe(false);
    const last = await writer.storeEvent(stream, message(7));
    await writer.storeEvent(`other-${stream}`, message(8));
    expect((await reader.eventsAfter(priming))?.events.map((e) => e.id)).toEqual([first, last]);
    expect(await reader.eventsAfter(first)).toEqual({ streamId: stream, events: [{ id: last, message: message(7) }], ended: true });
    expect((await reader.eventsAfter(priming))?.ended).toBe(true);
    expect((await reader.eventsAfter(last))?.events).toEqual([]);
    expect(await reader.getStreamIdForEventId?.(first)).toBe(stream);
    const replayed: string[] = [];
    expect(await reader.replayEventsAfter(priming, { send: async (id) => void replayed.push(id) })).toBe(stream);
    expect(replayed).toEqual([first, last]);
  });

  test("which instance holds a flight: recorded by one, read by another, gone once deleted or expired", async () => {
    const [writer, reader] = await open();
    const [flight, brief] = [randomUUID(), randomUUID()];
    await writer.setOwner(flight, "http://10.0.0.5:8765/mcp", 60_000);
    await writer.setOwner(brief, "http://10.0.0.6:8765/mcp", 1);
    expect(await reader.getOwner(flight)).toBe("http://10.0.0.5:8765/mcp");
    await new Promise((r) => setTimeout(r, 20));
    expect(await reader.getOwner(brief)).toBeUndefined();
    await reader.deleteOwner(flight);
    expect(await writer.getOwner(flight)).toBeUndefined();
  });

  test("an id no instance wrote is unknown", async () => {
    const [, reader] = await open();
    for (const id of ["nope", "nope/1", "never-written/1-0", "/3", "x/", "../etc/1-0", "a b/1-0"]) expect(await reader.eventsAfter(id)).toBeUndefined();
    expect(await reader.replayEventsAfter("never-written/1-0", { send: async () => undefined })).toBe("");
  });

  test("a follower waiting on a stream sees the event another instance stores", async () => {
    const [writer, reader] = await open();
    const stream = randomUUID();
    const start = await writer.storeEvent(stream, {} as never);
    const waited = reader.waitForEvent(stream, 10_000).then(() => reader.eventsAfter(start));
    await new Promise((r) => setTimeout(r, 30));
    const id = await writer.storeEvent(stream, message(9));
    let seen = (await waited)?.events ?? [];
    // Redis followers poll: one more look may be needed.
    if (seen.length === 0) seen = (await reader.eventsAfter(start))?.events ?? [];
    expect(seen.map((e) => e.id)).toEqual([id]);
  });

  test("what one instance publishes on a channel, every subscriber of it hears, at any instance, until it unsubscribes", async () => {
    const [a, b] = await open();
    const channel = `test-${randomUUID()}`;
    const [heardA, heardB]: [string[], string[]] = [[], []];
    const stopA = await a.subscribe(channel, (m) => void heardA.push(m));
    const stopB = await b.subscribe(channel, (m) => void heardB.push(m));
    const other = await b.subscribe(`${channel}-other`, () => void heardB.push("wrong channel"));
    await a.publish(channel, "one");
    await until(() => heardA.length === 1 && heardB.length === 1);
    expect([heardA, heardB]).toEqual([["one"], ["one"]]);
    stopB();
    other();
    await a.publish(channel, "two");
    await until(() => heardA.length === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect([heardA, heardB]).toEqual([["one", "two"], ["one"]]);
    stopA();
  });
});

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("not heard in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("choosing the store", () => {
  test("serve.store and serve.stateless in config.yaml; a bad store or key is named", () => {
    expect(parseConfig("serve:\n  store: redis://10.0.0.9:6379\n  stateless: true\n").serve).toEqual({ store: "redis://10.0.0.9:6379", stateless: true });
    expect(() => parseConfig("serve:\n  store: mongodb://x\n")).toThrow(/serve\.store.*expected memory or a Redis URL/s);
    expect(() => parseConfig("serve:\n  stor: memory\n")).toThrow(/serve\.stor: unknown key.*did you mean store/s);
  });

  test("memory by default; an unknown kind is refused with the choices", async () => {
    expect((await openServeStore(undefined)).kind).toBe("memory");
    expect((await openServeStore("memory")).kind).toBe("memory");
    await expect(openServeStore("mongodb://x")).rejects.toThrow(/use "memory" \(one process\) or a Redis URL/);
  });

  test("an unreachable Redis fails fast, says what to do, and never shows the password", async () => {
    const port = await freePort();
    const err = await openServeStore(`redis://user:hunter2@127.0.0.1:${port}`).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(new RegExp(`cannot reach the serve store at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}.*start Redis there`));
    expect((err as Error).message).not.toContain("hunter2");
  });

  test("quiver serve --stateless with an unreachable Redis exits with that error", async () => {
    assertBuilt();
    const { home, cleanup } = tempHome();
    try {
      const port = await freePort();
      const result = await runCli(["serve", "--http", "--stateless", "--store", `redis://:s3cret@127.0.0.1:${port}`, "--port", "0", "--no-mcp"], cliEnv({ HOME: home, QUIVER_HOME: home }));
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/cannot reach the serve store at redis:\/\/:\*\*\*@127\.0\.0\.1/);
      expect(result.stderr + result.stdout).not.toContain("s3cret");
    } finally {
      cleanup();
    }
  }, 30_000);
});

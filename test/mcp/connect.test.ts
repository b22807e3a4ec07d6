/**
 * Start-up: servers connect in parallel, a dead or hung one never holds the caller beyond its
 * connect timeout, and failures are reported and retried in the background until close().
 */
import { afterEach, describe, expect, test } from "vitest";
import { connectConfiguredServers, createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { registry } from "../../src/registry/index.js";
import { testServer, waitFor } from "./support.js";

const managers: McpManager[] = [];

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

async function track(manager: Promise<McpManager>): Promise<McpManager> {
  const m = await manager;
  managers.push(m);
  return m;
}

describe("connecting", () => {
  test("a hung server fails at its connect timeout while a healthy one is ready, and is retried", async () => {
    const started = Date.now();
    const manager = await track(
      connectConfiguredServers({
        servers: { good: testServer(), hung: testServer(["--hang-on-connect"], { connectTimeout: 1 }) },
        backoff: { initialMs: 60_000, maxMs: 60_000 },
      }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const byName = Object.fromEntries(manager.status().map((s) => [s.name, s]));
    expect(byName.good?.state).toBe("connected");
    expect(registry.getEntry("mcp__good__echo")).toBeDefined();
    expect(byName.hung).toMatchObject({ state: "failed", toolCount: 0, failedAttempts: 1 });
    expect(byName.hung?.error).toMatch(/connect timeout|timed out/i);
    expect(byName.hung?.nextRetryInMs).toBeGreaterThan(0);
    expect(manager.problems().join("\n")).toMatch(/server "hung" failed: .*retrying in the background/);
  });

  test("waitMs bounds the wait: start() returns while a slow server is still connecting", async () => {
    const manager = await track(createMcpManager({ slow: testServer(["--hang-on-connect"], { connectTimeout: 60 }) }));
    const started = Date.now();
    const statuses = await manager.start({ waitMs: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(statuses[0]?.state).toBe("connecting");
    expect(manager.problems()[0]).toMatch(/server "slow" is still connecting/);
  });

  test("a server that exits at start is reported with its stderr, and retried with backoff", async () => {
    const manager = await track(
      connectConfiguredServers({ servers: { dead: testServer(["--exit-at-start"]) }, backoff: { initialMs: 20, maxMs: 80 } }),
    );
    const [first] = manager.status();
    expect(first?.state).toBe("failed");
    expect(first?.error).toMatch(/refusing to start/);
    await waitFor(() => (manager.status()[0]?.failedAttempts ?? 0) >= 3, "background retries");
  });

  test("a command that does not exist is a clear failure", async () => {
    const manager = await track(connectConfiguredServers({ servers: { ghost: { command: "/nonexistent/quiver-mcp-server" } } }));
    expect(manager.status()[0]).toMatchObject({ state: "failed" });
    expect(manager.status()[0]?.error).toMatch(/command not found: \/nonexistent\/quiver-mcp-server/);
  });

  test("invalid and disabled entries are listed without connecting; close() ends the retries", async () => {
    const manager = await track(
      connectConfiguredServers({
        servers: { broken: { command: "x", timout: 5 }, off: testServer([], { enabled: false }), dead: testServer(["--exit-at-start"]) },
        backoff: { initialMs: 20, maxMs: 20 },
      }),
    );
    const byName = Object.fromEntries(manager.status().map((s) => [s.name, s]));
    expect(byName.broken?.state).toBe("failed");
    expect(byName.broken?.error).toMatch(/mcp\.servers\.broken.*timout/);
    expect(byName.off?.state).toBe("disabled");
    await manager.close();
    const attempts = manager.status().find((s) => s.name === "dead")?.failedAttempts;
    expect(manager.status().find((s) => s.name === "dead")?.state).toBe("closed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(manager.status().find((s) => s.name === "dead")?.failedAttempts).toBe(attempts);
  });

  test("no servers configured: an empty manager, nothing to connect", async () => {
    const manager = await track(connectConfiguredServers({ servers: {} }));
    expect(manager.status()).toEqual([]);
    expect(manager.problems()).toEqual([]);
  });
});

/**
 * Progress and logging, both ways: quiver sends a progressToken on every call, shows progress
 * and restarts the call's idle timeout on it; server log messages reach quiver's logger and
 * `quiver mcp list`. `quiver serve` forwards a proxied server's progress to its own client and
 * sends its logs at the level the client set with logging/setLevel.
 */
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import { TurnView } from "../../src/cli/turn-view.js";
import { handleFunctionCall, loadBuiltinTools } from "../../src/calls/model-tools.js";
import { addLogSink, createLogger } from "../../src/registry/index.js";
import type { LogRecord, ToolProgress } from "../../src/registry/index.js";
import { mcpHarness, parse, testServer, waitFor } from "./support.js";

const mcp = mcpHarness("progress-test");
const { connect, serveClient } = mcp;

afterEach(async () => {
  await mcp.closeAll();
});

describe("progress (client)", () => {
  test("every call carries a progress token; updates reach ctx.progress in order", async () => {
    await connect({ p: testServer() });
    const updates: ToolProgress[] = [];
    const out = parse(await handleFunctionCall("mcp__p__progress", { steps: 3, delayMs: 20 }, { progress: (u) => updates.push(u) }));
    expect(out).toEqual({ result: "done in 3 steps" });
    expect(updates).toEqual([
      { progress: 1, total: 3, message: "step 1/3" },
      { progress: 2, total: 3, message: "step 2/3" },
      { progress: 3, total: 3, message: "step 3/3" },
    ]);
    // No listener at all: the token is still sent.
    expect(parse(await handleFunctionCall("mcp__p__progress", { steps: 1 }))).toEqual({ result: "done in 1 steps" });
  });

  test("progress restarts the idle timeout: a call longer than the timeout succeeds while it reports", async () => {
    await connect({ p: testServer([], { timeout: 0.4 }) });
    const out = parse(await handleFunctionCall("mcp__p__progress", { steps: 6, delayMs: 150 }));
    expect(out).toEqual({ result: "done in 6 steps" });
    const silent = parse(await handleFunctionCall("mcp__p__sleep", { ms: 5_000 }));
    expect(String(silent.error)).toMatch(/timed out after 0.4 s without progress/);
  });

  test("the spinner shows the running tool's progress", () => {
    const writes: string[] = [];
    const tty = { isTTY: true, columns: 120, write: (chunk: string) => writes.push(chunk) } as unknown as NodeJS.WritableStream;
    const view = new TurnView({ lines: tty, spinner: tty });
    view.handle({ type: "tool_start", id: "c1", name: "mcp__p__progress", args: { steps: 5 }, emoji: "🔌" });
    view.handle({ type: "tool_progress", id: "c1", name: "mcp__p__progress", progress: 2.1, total: 5, message: "step 3/5" });
    view.pause();
    expect(writes.join("")).toContain("mcp__p__progress steps=5 · 42% — step 3/5");
  });
});

describe("logging (client)", () => {
  test("a server's log message goes to quiver's logger at the mapped level and into its status", async () => {
    const records: LogRecord[] = [];
    const remove = addLogSink((r) => records.push(r));
    try {
      const manager = await connect({ p: testServer() });
      await handleFunctionCall("mcp__p__log", { level: "warning", message: "disk almost full" });
      await handleFunctionCall("mcp__p__log", { level: "critical", message: "on fire" });
      const warn = await waitFor(() => records.find((r) => r.message.includes("disk almost full")), "the warning");
      expect(warn).toMatchObject({ level: "warn", scope: "mcp", message: "[p/test] disk almost full" });
      await waitFor(() => records.find((r) => r.level === "error" && r.message.includes("on fire")), "the critical message as an error");
      expect(manager.status()[0]?.log).toEqual(["warning: [p/test] disk almost full", "critical: [p/test] on fire"]);
    } finally {
      remove();
    }
  });
});

describe("quiver serve", () => {
  test("forwards a proxied server's progress to the client's progress token", async () => {
    await connect({ inner: testServer() });
    const client = await serveClient(["mcp-inner"]);
    const seen: string[] = [];
    const result = await client.callTool({ name: "mcp__inner__progress", arguments: { steps: 2, delayMs: 20 } }, undefined, {
      onprogress: (p) => seen.push(`${p.progress}/${p.total} ${p.message}`),
    });
    expect(result.content).toEqual([{ type: "text", text: "done in 2 steps" }]);
    expect(seen).toEqual(["1/2 step 1/2", "2/2 step 2/2"]);
  });

  test("forwards a long built-in terminal command's progress", async () => {
    await loadBuiltinTools();
    const client = await serveClient(["terminal"]);
    const seen: string[] = [];
    const result = await client.callTool({ name: "terminal", arguments: { command: "sleep 1.6; echo done" } }, undefined, {
      onprogress: (p) => seen.push(String(p.message)),
    });
    expect(JSON.stringify(result.content)).toContain("done");
    expect(seen[0]).toMatch(/^running for \d+ s$/);
  });

  test("sends its logs at or above the level the client set with logging/setLevel", async () => {
    const client = await serveClient(["file"], "process");
    const got: LoggingMessageNotification["params"][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void got.push(n.params));
    const log = createLogger("serve-test");
    log.info("quiet info");
    log.warn("loud warning");
    await waitFor(() => got.some((m) => m.data === "loud warning"), "the warning");
    expect(got.some((m) => m.data === "quiet info")).toBe(false);
    await client.setLoggingLevel("debug");
    log.debug("now debug too");
    await waitFor(() => got.find((m) => m.data === "now debug too"), "the debug message");
    expect(got.at(-1)).toMatchObject({ level: "debug", logger: "serve-test" });
  });

  test("by default a server's client gets only the records its own requests caused", async () => {
    const client = await serveClient(["file"]);
    const got: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void got.push(String(n.params.data)));
    await client.setLoggingLevel("debug");
    createLogger("serve-test").warn("nobody's warning");
    // A read_file of a missing file answers with an error; the round trip flushes any notification sent before it.
    await client.callTool({ name: "read_file", arguments: { path: "/nonexistent/quiver-session-test" } });
    await client.listTools();
    expect(got).not.toContain("nobody's warning");
  });
});

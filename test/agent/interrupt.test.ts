import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { hang, text, toolCalls } from "../helpers/scripted-openai-server.js";
import { resetSandbox, useSandbox } from "../tools/tool-harness.js";
import { agentOn, expectValidHistory, toolResults, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox();
const work = useTempDir("quiver-interrupt-");
// The work dir lives in the host's /tmp, which the OS sandbox hides: it is made writable, so the slow command really runs.
beforeAll(() => useSandbox({ writable: [work.path] }));
afterAll(() => resetSandbox());

describe("interrupting a run", () => {
  it("mid-tool: kills the running command, cancels the calls not started, and the next request's history is valid", async () => {
    const server = await startServer({
      replies: [
        toolCalls([
          { name: "terminal", arguments: { command: "sleep 30", workdir: work.path }, id: "slow" },
          { name: "terminal", arguments: { command: "echo never", workdir: work.path }, id: "later" },
          { name: "read_file", arguments: { path: join(work.path, "x") }, id: "read" },
        ]),
        text("Fine, stopping."),
      ],
    });
    const controller = new AbortController();
    const { agent, events } = agentOn(server, {
      onEvent: (event) => {
        events.push(event);
        if (event.type === "tool_start" && event.id === "slow") setTimeout(() => controller.abort(), 200);
      },
    });
    const started = Date.now();
    const result = await agent.run("run the slow thing", { signal: controller.signal });

    expect(result.status).toBe("interrupted");
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(events.at(-1)).toMatchObject({ type: "turn_end", status: "interrupted" });
    expect(events.filter((e) => e.type === "tool_start").map((e) => (e as { id: string }).id)).toEqual(["slow"]);
    expectValidHistory(agent.messages);
    const results = toolResults(agent.messages);
    expect(JSON.parse(results.get("later")!)).toMatchObject({ error_type: "cancelled" });
    expect(results.get("later")).toContain("before this call started");
    expect(JSON.parse(results.get("read")!)).toMatchObject({ error_type: "cancelled" });
    expect(results.get("slow")).toMatch(/cancel|interrupt/i);

    const next = await agent.run("never mind");
    expect(next.status).toBe("completed");
    const sent = server.chatRequests[1]!.body!.messages;
    expectValidHistory(sent);
    expect(sent.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["slow", "later", "read"]);
    expect(sent.at(-1)).toEqual({ role: "user", content: "never mind" });
  });

  it("mid-stream: aborts the request, keeps the text shown so far, and carries on", async () => {
    const server = await startServer({ replies: [hang({ afterText: "Let me think" }), text("Done.")] });
    const controller = new AbortController();
    const { agent, events } = agentOn(server, {
      loadBuiltinTools: false,
      toolsets: [],
      onEvent: (event) => {
        events.push(event);
        if (event.type === "assistant_delta") controller.abort();
      },
    });
    const result = await agent.run("think", { signal: controller.signal });

    expect(result).toMatchObject({ status: "interrupted", content: null });
    await agent.run("again");
    expect(server.chatRequests[1]!.body!.messages.slice(1)).toEqual([
      { role: "user", content: "think" },
      { role: "assistant", content: "Let me think" },
      { role: "user", content: "again" },
    ]);
  });

  it("mid-parallel-batch: running read-only calls are cancelled and every call is answered", async () => {
    const TS = "agent-test-interrupt";
    let started = 0;
    registry.register({
      name: "stuck_read",
      toolset: TS,
      readOnly: true,
      schema: { description: "never returns until aborted", parameters: { type: "object" } },
      handler: (_args, ctx) => {
        started++;
        return new Promise((resolve) => ctx.signal?.addEventListener("abort", () => resolve('{"aborted":true}')));
      },
    });
    try {
      const server = await startServer({
        replies: [toolCalls(Array.from({ length: 10 }, (_, n) => ({ name: "stuck_read", id: `S${n}` }))), text("ok")],
      });
      const controller = new AbortController();
      const { agent } = agentOn(server, {
        toolsets: [TS],
        loadBuiltinTools: false,
        onEvent: (event) => {
          if (event.type === "tool_start" && event.id === "S7") setTimeout(() => controller.abort(), 20);
        },
      });
      const result = await agent.run("go", { signal: controller.signal });

      expect(result.status).toBe("interrupted");
      expect(started).toBe(8);
      expectValidHistory(agent.messages);
      const results = [...toolResults(agent.messages).values()];
      expect(results).toHaveLength(10);
      for (const content of results) expect(JSON.parse(content)).toMatchObject({ error_type: "cancelled" });
    } finally {
      registry.deregister("stuck_read");
    }
  });

  it("before the first model call: returns at once without a request", async () => {
    const server = await startServer({ replies: [] });
    const controller = new AbortController();
    controller.abort();
    const { agent } = agentOn(server, { loadBuiltinTools: false, toolsets: [] });
    const result = await agent.run("hi", { signal: controller.signal });
    expect(result.status).toBe("interrupted");
    expect(server.chatRequests).toHaveLength(0);
  });
});

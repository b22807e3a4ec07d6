import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { ToolEndEvent, ToolStartEvent } from "../../src/agent/index.js";
import { registry } from "../../src/registry/index.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { text, toolCall, toolCalls } from "../helpers/scripted-openai-server.js";
import { agentOn, eventTypes, expectValidHistory, toolResults, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox();
const work = useTempDir("quiver-agent-work-", { "notes.txt": "hello from notes\nsecond line\n" });

describe("a conversation with tools", () => {
  it("reads a file, runs a command, then answers, with the results fed back in order", async () => {
    // The work dir is the project, as when quiver is started in it: the sandboxed terminal runs there.
    const { resetSandboxConfig, setSandboxConfig } = await import("../../src/sandbox/config.js");
    setSandboxConfig({ project: work.path });
    onTestFinished(() => resetSandboxConfig());
    const server = await startServer({
      replies: [
        toolCall("read_file", { path: join(work.path, "notes.txt") }),
        toolCall("terminal", { command: "echo hi-from-terminal", workdir: work.path }),
        text(["The notes say hello", " and the terminal said hi."]),
      ],
    });
    const { agent, events } = agentOn(server);
    const result = await agent.run("What do my notes say? Then echo something.");

    expect(result).toMatchObject({ status: "completed", content: "The notes say hello and the terminal said hi.", iterations: 3 });
    expect(server.chatRequests).toHaveLength(3);
    const [first, second, third] = server.chatRequests.map((r) => r.body!);
    const offered = first!.tools!.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(["read_file", "terminal"]));
    expect(first!.messages[0]).toMatchObject({ role: "system" });
    expect(first!.messages[0]!.content).toContain(process.cwd());
    expect(first!.messages[0]!.content).toContain(new Date().getFullYear().toString());
    expect(first!.messages.at(-1)).toEqual({ role: "user", content: "What do my notes say? Then echo something." });
    expect(second!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_1_0" });
    expect(second!.messages.at(-1)!.content).toContain("1|hello from notes");
    expect(third!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_2_0" });
    expect(third!.messages.at(-1)!.content).toContain("hi-from-terminal");
    expectValidHistory(third!.messages);
    expectValidHistory(agent.messages);

    expect(eventTypes(events)).toEqual([
      "model_start",
      "assistant_message",
      "usage",
      "tool_start",
      "tool_end",
      "model_start",
      "assistant_message",
      "usage",
      "tool_start",
      "tool_end",
      "model_start",
      "assistant_message",
      "usage",
      "turn_end",
    ]);
    const starts = events.filter((e): e is ToolStartEvent => e.type === "tool_start");
    expect(starts[0]).toMatchObject({ name: "read_file", emoji: "📖", args: { path: join(work.path, "notes.txt") } });
    const ends = events.filter((e): e is ToolEndEvent => e.type === "tool_end");
    expect(ends.map((e) => [e.name, e.ok])).toEqual([
      ["read_file", true],
      ["terminal", true],
    ]);
    expect(ends[0]!.size).toBeGreaterThan(0);
    expect(ends[0]!.duration).toBeGreaterThanOrEqual(0);
    expect(events.filter((e) => e.type === "assistant_delta").map((e) => (e as { text: string }).text).join("")).toBe(
      "The notes say hello and the terminal said hi.",
    );
  });

  it("keeps the conversation across runs and uses a system prompt given in the options", async () => {
    const server = await startServer({ replies: [text("first"), text("second")] });
    const { agent } = agentOn(server, { systemPrompt: "You are terse." });
    await agent.run("one");
    await agent.run("two");
    expect(server.chatRequests[1]!.body!.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "one" },
      { role: "assistant", content: "first" },
      { role: "user", content: "two" },
    ]);
  });
});

describe("parallel and sequential tool calls", () => {
  const TS = "agent-test-parallel";
  const log: string[] = [];
  let active = 0;
  let peak = 0;
  let release: (() => void) | undefined;
  let gate = Promise.resolve();

  beforeAll(() => {
    registry.register({
      name: "probe_read",
      toolset: TS,
      readOnly: true,
      schema: { description: "test reader", parameters: { type: "object", properties: { tag: { type: "string" }, wait: { type: "integer" } } } },
      handler: async (args) => {
        active++;
        peak = Math.max(peak, active);
        log.push(`start ${String(args.tag)}`);
        // Waiting on a gate (not a clock) proves the calls overlap.
        if (args.wait === 1) await gate;
        active--;
        log.push(`end ${String(args.tag)}`);
        return JSON.stringify({ tag: args.tag });
      },
    });
    registry.register({
      name: "probe_write",
      toolset: TS,
      schema: { description: "test writer", parameters: { type: "object", properties: { tag: { type: "string" } } } },
      handler: (args) => {
        log.push(`write ${String(args.tag)} (active readers: ${active})`);
        release?.();
        return JSON.stringify({ wrote: args.tag });
      },
    });
  });

  afterAll(() => {
    registry.deregister("probe_read");
    registry.deregister("probe_write");
  });

  it("runs read-only calls together, a writer alone, and appends results in the model's call order", async () => {
    log.length = 0;
    peak = 0;
    let open: () => void = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    // The first reader waits until the second has started: only parallel execution gets past it.
    const readers = registry.getEntry("probe_read")!;
    const waitForSecond = setInterval(() => {
      if (log.includes("start b")) {
        clearInterval(waitForSecond);
        open();
      }
    }, 5);
    const server = await startServer({
      replies: [
        toolCalls([
          { name: "probe_read", arguments: { tag: "a", wait: 1 }, id: "A" },
          { name: "probe_read", arguments: { tag: "b" }, id: "B" },
          { name: "probe_write", arguments: { tag: "w" }, id: "W" },
          { name: "probe_read", arguments: { tag: "c" }, id: "C" },
        ]),
        text("done"),
      ],
    });
    const { agent } = agentOn(server, { toolsets: [TS], loadBuiltinTools: false });
    await agent.run("go");
    clearInterval(waitForSecond);

    expect(readers.readOnly).toBe(true);
    expect(log.indexOf("start b")).toBeLessThan(log.indexOf("end a"));
    expect(log).toContain("write w (active readers: 0)");
    expect(log.indexOf("write w (active readers: 0)")).toBeGreaterThan(log.indexOf("end a"));
    expect(log.indexOf("start c")).toBeGreaterThan(log.indexOf("write w (active readers: 0)"));
    const messages = server.chatRequests[1]!.body!.messages;
    expect(messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["A", "B", "W", "C"]);
    expect(toolResults(messages).get("A")).toBe('{"tag":"a"}');
    expectValidHistory(messages);
  });

  it("runs at most 8 read-only calls at once", async () => {
    log.length = 0;
    peak = 0;
    active = 0;
    let open: () => void = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    const opener = setInterval(() => {
      if (active >= 8) open();
    }, 5);
    const calls = Array.from({ length: 12 }, (_, n) => ({ name: "probe_read", arguments: { tag: `r${n}`, wait: 1 }, id: `R${n}` }));
    const server = await startServer({ replies: [toolCalls(calls), text("done")] });
    const { agent } = agentOn(server, { toolsets: [TS], loadBuiltinTools: false });
    await agent.run("go");
    clearInterval(opener);

    expect(peak).toBe(8);
    const messages = server.chatRequests[1]!.body!.messages;
    expect(messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
  });
});

describe("calls the model gets wrong", () => {
  it("answers an unknown tool with the closest names and the available tools, and carries on", async () => {
    const server = await startServer({
      replies: [toolCall("raed_file", { path: "x" }), text("Sorry, fixed.")],
    });
    const { agent, events } = agentOn(server, { toolsets: ["file"] });
    const result = await agent.run("read x");

    expect(result.status).toBe("completed");
    const content = toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!;
    const parsed = JSON.parse(content) as { error: string; error_type: string; suggestions: string[] };
    expect(parsed.error).toContain("Unknown tool: raed_file");
    expect(parsed.error).toContain('Did you mean "read_file"');
    expect(parsed.error).toMatch(/Available tools: .*read_file/);
    expect(parsed.error).not.toContain("terminal");
    expect(parsed).toMatchObject({ error_type: "unknown_tool", suggestions: ["read_file"] });
    expect(events.find((e) => e.type === "tool_end")).toMatchObject({ name: "raed_file", ok: false });
  });

  it("does not run a registered tool whose toolset is not enabled", async () => {
    const marker = join(work.path, "should-not-exist");
    const server = await startServer({ replies: [toolCall("terminal", { command: `touch ${marker}` }), text("ok")] });
    const { agent } = agentOn(server, { toolsets: ["file"] });
    await agent.run("touch it");

    expect(existsSync(marker)).toBe(false);
    const content = toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!;
    expect(content).toContain("Tool terminal is not enabled in this session");
  });

  it("reports malformed arguments to the model, keeps the history valid JSON, and recovers", async () => {
    const path = join(work.path, "notes.txt");
    const server = await startServer({
      replies: [toolCall("read_file", `{"path": "${path}`), toolCall("read_file", { path }), text("It says hello.")],
    });
    const { agent, events } = agentOn(server, { toolsets: ["file"] });
    const result = await agent.run("read the notes");

    expect(result).toMatchObject({ status: "completed", content: "It says hello." });
    const second = server.chatRequests[1]!.body!.messages;
    const error = JSON.parse(toolResults(second).get("call_1_0")!) as { error: string; error_type: string };
    expect(error.error_type).toBe("truncated_arguments");
    expect(error.error).toContain("cut off");
    const sentCall = second.find((m) => m.role === "assistant")!.tool_calls![0]!;
    expect(() => JSON.parse(sentCall.function.arguments)).not.toThrow();
    expect(toolResults(server.chatRequests[2]!.body!.messages).get("call_2_0")).toContain("1|hello from notes");
    expect(events.filter((e) => e.type === "tool_end").map((e) => (e as ToolEndEvent).ok)).toEqual([false, true]);
  });
});

describe("the iteration budget", () => {
  it("stops calling tools after maxIterations and makes one tool-less call for a summary", async () => {
    const path = join(work.path, "notes.txt");
    const server = await startServer({
      replies: [toolCall("read_file", { path }), toolCall("read_file", { path }), text("Summary: I read the notes twice.")],
    });
    const { agent, events } = agentOn(server, { maxIterations: 2 });
    const result = await agent.run("keep reading");

    expect(result).toMatchObject({ status: "max_iterations", content: "Summary: I read the notes twice.", iterations: 3 });
    expect(server.chatRequests).toHaveLength(3);
    expect(server.chatRequests[1]!.body!.tools).toBeDefined();
    const last = server.chatRequests[2]!.body!;
    expect(last).not.toHaveProperty("tools");
    expect(last.messages.at(-1)).toMatchObject({ role: "user" });
    expect(String(last.messages.at(-1)!.content)).toMatch(/all 2 model calls.*final summary/s);
    expectValidHistory(last.messages);
    expect(events.at(-1)).toMatchObject({ type: "turn_end", status: "max_iterations", iterations: 3 });
    expect(agent.messages.at(-1)).toEqual({ role: "assistant", content: "Summary: I read the notes twice." });
  });

  it("drops tool calls the summary reply makes anyway, so none is left unanswered", async () => {
    const server = await startServer({
      replies: [toolCall("read_file", { path: join(work.path, "notes.txt") }), toolCalls([{ name: "read_file", arguments: { path: "y" } }], { content: "Partial summary." })],
    });
    const { agent } = agentOn(server, { maxIterations: 1 });
    const result = await agent.run("go");
    expect(result).toMatchObject({ status: "max_iterations", content: "Partial summary." });
    expectValidHistory(agent.messages);
  });
});

describe("the tools snapshot", () => {
  it("offers a tool registered during the turn from the next model call on", async () => {
    const TS = "agent-test-late";
    registry.register({
      name: "late_loader",
      toolset: TS,
      schema: { description: "registers another tool", parameters: { type: "object" } },
      handler: () => {
        registry.register({ name: "late_tool", toolset: TS, schema: { description: "late", parameters: { type: "object" } }, handler: () => "{}" });
        return '{"ok":true}';
      },
    });
    try {
      const server = await startServer({ replies: [toolCall("late_loader"), toolCall("late_tool"), text("done")] });
      const { agent } = agentOn(server, { toolsets: [TS], loadBuiltinTools: false });
      await agent.run("go");
      const offered = server.chatRequests.map((r) => r.body!.tools!.map((t) => t.function.name));
      expect(offered[0]).toEqual(["late_loader"]);
      expect(offered[1]).toEqual(["late_loader", "late_tool"]);
      expect(toolResults(server.chatRequests[2]!.body!.messages).get("call_2_0")).toBe("{}");
    } finally {
      registry.deregister("late_loader");
      registry.deregister("late_tool");
    }
  });
});

describe("multimodal tool results", () => {
  const TS = "agent-test-image";
  beforeAll(() => {
    registry.register({
      name: "snapshot",
      toolset: TS,
      schema: { description: "returns an image", parameters: { type: "object" } },
      handler: () => ({
        _multimodal: true,
        content: [
          { type: "text", text: "A red pixel." },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      }),
    });
  });
  afterAll(() => registry.deregister("snapshot"));

  it("becomes a text tool message with the image described", async () => {
    const server = await startServer({ replies: [toolCall("snapshot"), text("I see red.")] });
    const { agent } = agentOn(server, { toolsets: [TS], loadBuiltinTools: false });
    await agent.run("look");
    const content = toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")!;
    expect(content).toContain("A red pixel.");
    expect(content).toMatch(/\[image 1 omitted: image\/png, [\d.]+ KB\]/);
    expectValidHistory(server.chatRequests[1]!.body!.messages);
  });

  it("attaches the image to a user message after the results when asked to", async () => {
    const server = await startServer({ replies: [toolCall("snapshot"), text("I see red.")] });
    const { agent } = agentOn(server, { toolsets: [TS], loadBuiltinTools: false, attachImages: true });
    await agent.run("look");
    const messages = server.chatRequests[1]!.body!.messages;
    expect(messages.at(-2)).toMatchObject({ role: "tool", tool_call_id: "call_1_0" });
    expect(messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Images returned by the tool calls above:" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    });
  });
});

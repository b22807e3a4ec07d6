import { spawnSync } from "node:child_process";
import { appendFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { forgetFile } from "../../src/agent/append-file.js";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Session, SessionNotFoundError, listSessions, repairHistory, sessionsDir } from "../../src/agent/index.js";
import type { ChatMessage } from "../../src/llm/index.js";
import { addLogSink, registry, type LogRecord } from "../../src/registry/index.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";
import { agentOn, expectValidHistory, unwrapToolMessages, useAgentSandbox } from "./fixture.js";

const startServer = useAgentSandbox("quiver-session-");

/** The transcript's messages (its header line, when there is one, left out). */
function readLines(path: string): ChatMessage[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as ChatMessage & { type?: string })
    .filter((line) => line.type !== "session");
}

function writeTranscript(id: string, messages: unknown[], tail = ""): string {
  const dir = sessionsDir();
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.jsonl`);
  writeFileSync(path, messages.map((m) => `${JSON.stringify(m)}\n`).join("") + tail);
  return path;
}

const cutMidTurn = [
  { role: "user", content: "list and read" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "a", type: "function", function: { name: "terminal", arguments: '{"command":"ls"}' } },
      { id: "b", type: "function", function: { name: "read_file", arguments: '{"path":"x"}' } },
    ],
  },
  { role: "tool", tool_call_id: "a", content: '{"output":"x\\n","exit_code":0}' },
];

describe("session transcripts", () => {
  it("holds every message of a run, one JSON line each, written once per round before the next request", async () => {
    const server = await startServer({ replies: [toolCall("read_file", { path: "/nonexistent/q" }), text("It does not exist.")] });
    const session = Session.create();
    const seen: number[] = [];
    const { agent } = agentOn(server, {
      session,
      onEvent: (event) => {
        if (event.type === "model_start") seen.push(existsSync(session.path) ? readFileSync(session.path, "utf8").split("\n").length - 1 : 0);
      },
    });
    await agent.run("read q");

    const lines = readLines(session.path);
    expect(lines.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // Tool lines carry the conversation's boundary (so a resumed session wraps them the same); the rest is the history as is.
    expect(lines[2]).toMatchObject({ boundary: agent.boundary });
    expect(lines.map((m) => ({ ...m, boundary: undefined }))).toEqual(agent.messages.slice(1));
    // A round's messages are on disk by the time the next request goes out. The first request does
    // not wait for a new transcript to be created (it is opened off the main thread meanwhile).
    expect(seen[1]).toBe(4); // the header line, then the messages
    expect([0, 2]).toContain(seen[0]);
  });

  it("has a read-only call on disk while it waits, in an ongoing chat and in a new one", async () => {
    const server = await startServer({ replies: [text("hello"), toolCall("slow_probe", {}), text("done"), toolCall("slow_probe", {}), text("done")] });
    let session = Session.create();
    const seen: boolean[] = [];
    registry.register({
      name: "slow_probe",
      toolset: "session-test-slow",
      readOnly: true,
      schema: { description: "waits, then looks at the transcript", parameters: { type: "object", properties: {} } },
      handler: async () => {
        await new Promise((done) => setTimeout(done, 20));
        await session.settled(); // a new chat's transcript may still be opening off the main thread
        seen.push(readFileSync(session.path, "utf8").includes('"name":"slow_probe"'));
        return "{}";
      },
    });
    try {
      const { agent } = agentOn(server, { session, toolsets: ["session-test-slow"] });
      await agent.run("hi"); // the transcript exists: the next call is saved through a kept descriptor
      await agent.run("probe");
      session = Session.create();
      agent.reset(session);
      await agent.run("probe again");
    } finally {
      registry.deregister("slow_probe");
    }
    expect(seen).toEqual([true, true]);
  });

  it("runs a tool that may write only once its call is on disk, even while a new transcript is still opening", async () => {
    const server = await startServer({ replies: [toolCall("transcript_probe", {}), text("done")] });
    const session = Session.create();
    // A FIFO in the transcript's place: opening it for writing blocks until a reader comes, which
    // holds the background open for as long as this test wants.
    mkdirSync(sessionsDir(), { recursive: true });
    expect(spawnSync("mkfifo", [session.path]).status).toBe(0);
    const order: string[] = [];
    let received = "";
    registry.register({
      name: "transcript_probe",
      toolset: "session-test-probe",
      schema: { description: "records when it runs", parameters: { type: "object", properties: {} } },
      handler: () => {
        order.push(`tool ran, transcript so far: ${received.includes('"name":"transcript_probe"') ? "has the call" : "no call"}`);
        return "{}";
      },
    });
    try {
      const { agent } = agentOn(server, { session, toolsets: ["session-test-probe"] });
      const run = agent.run("probe");
      await new Promise((done) => setTimeout(done, 300));
      order.push("reader opened");
      const reader = createReadStream(session.path, { encoding: "utf8" });
      reader.on("data", (chunk) => (received += String(chunk)));
      // The reader may be attached before the writer's bytes arrive: the tool waits for the open, not for the read.
      await run;
      reader.destroy();
    } finally {
      registry.deregister("transcript_probe");
      forgetFile(session.path);
      rmSync(session.path, { force: true }); // a FIFO left behind would block whatever lists the sessions next
    }
    expect(order[0]).toBe("reader opened");
    expect(order).toHaveLength(2);
  });

  it("is one file whose first line records the directory it was started in", () => {
    const dir = sessionsDir();
    const session = Session.create({ cwd: "/somewhere/project" });
    session.append({ role: "user", content: "hello" });
    expect(readdirSync(dir).filter((name) => name.startsWith(session.id))).toEqual([`${session.id}.jsonl`]);
    expect(readFileSync(session.path, "utf8").split("\n")[0]).toBe('{"type":"session","cwd":"/somewhere/project"}');
    const [info] = listSessions({ cwd: "/somewhere/project" });
    expect(info).toMatchObject({ id: session.id, cwd: "/somewhere/project", messageCount: 1, firstPrompt: "hello" });
    expect(listSessions({ cwd: "/elsewhere" })).toEqual([]);
    const reopened = Session.open(session.id);
    expect(reopened.cwd).toBe("/somewhere/project");
    expect(reopened.messages).toEqual([{ role: "user", content: "hello" }]);
  });

  it("still finds the directory of a session saved with a meta file beside it", () => {
    writeTranscript("20240101-000000-abcd", [{ role: "user", content: "from before" }]);
    writeFileSync(join(sessionsDir(), "20240101-000000-abcd.meta.json"), '{"cwd":"/old/project"}\n');
    expect(listSessions({ cwd: "/old/project" }).map((s) => s.id)).toEqual(["20240101-000000-abcd"]);
    expect(Session.open("20240101-000000-abcd").cwd).toBe("/old/project");
  });

  it("lists sessions newest first with time, first prompt and message count", () => {
    const older = writeTranscript("20240101-090000-aaaa", [{ role: "user", content: "first   prompt\nhere" }, { role: "assistant", content: "hi" }]);
    writeTranscript("20240102-090000-bbbb", [{ role: "user", content: "second" }]);
    utimesSync(older, new Date("2024-01-01T09:00:00Z"), new Date("2024-01-01T09:00:00Z"));

    const listed = listSessions();
    const byId = new Map(listed.map((s) => [s.id, s]));
    expect(byId.get("20240101-090000-aaaa")).toMatchObject({ firstPrompt: "first prompt here", messageCount: 2 });
    expect(byId.get("20240101-090000-aaaa")!.created.getFullYear()).toBe(2024);
    expect(listed.findIndex((s) => s.id === "20240102-090000-bbbb")).toBeLessThan(listed.findIndex((s) => s.id === "20240101-090000-aaaa"));
    expect(listSessions({ limit: 1 })).toHaveLength(1);
  });

  it("repairs a transcript cut mid-turn on load, on disk too, and the agent continues it", async () => {
    const path = writeTranscript("20240103-100000-cccc", cutMidTurn);
    const session = Session.open("20240103-100000-cccc");

    expectValidHistory(session.messages);
    expect(session.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "b" });
    expect(JSON.parse(session.messages.at(-1)!.content as string)).toMatchObject({ error_type: "cancelled" });
    expect(readLines(path)).toEqual(session.messages);

    const server = await startServer({ replies: [text("Picking up where we left off.")] });
    const { agent } = agentOn(server, { session, loadBuiltinTools: false, toolsets: [] });
    await agent.run("continue");
    const sent = server.chatRequests[0]!.body!.messages;
    expect(sent[0]).toMatchObject({ role: "system" });
    expect(unwrapToolMessages(sent.slice(1, 5))).toEqual(session.messages.slice(0, 4));
    expectValidHistory(sent);
    expect(readLines(path).map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user", "assistant"]);
  });

  it("skips a torn last line and stray tool results", () => {
    writeTranscript(
      "20240104-100000-dddd",
      [{ role: "user", content: "hi" }, { role: "tool", tool_call_id: "zzz", content: "orphan" }, { role: "assistant", content: "hello" }],
      '{"role":"user","content":"tor',
    );
    const session = Session.open("20240104");
    expect(session.messages).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ]);
  });

  it("finds a session by unique prefix, and explains unknown or ambiguous ids", () => {
    expect(Session.open("20240103-1").id).toBe("20240103-100000-cccc");
    expect(() => Session.open("nope-nope")).toThrow(SessionNotFoundError);
    expect(() => Session.open("nope-nope")).toThrow(/quiver sessions/);
    expect(() => Session.open("2024010")).toThrow(/matches \d+ sessions/);
    expect(() => Session.open("../../etc/passwd")).toThrow(/not a session id/);
  });

  it("opens the most recently written session as the latest", () => {
    const path = writeTranscript("20230101-000000-eeee", [{ role: "user", content: "old id, newest write" }]);
    appendFileSync(path, `${JSON.stringify({ role: "assistant", content: "ok" })}\n`);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path, future, future);
    expect(Session.latest()?.id).toBe("20230101-000000-eeee");
  });

  it("writes nothing until the first message", () => {
    const session = Session.create();
    expect(listSessions().some((s) => s.id === session.id)).toBe(false);
    session.append({ role: "user", content: "now" });
    expect(listSessions().some((s) => s.id === session.id)).toBe(true);
  });
});

describe("damaged transcripts", () => {
  const call = (id: unknown, name: unknown, args: unknown = "{}"): unknown => ({ id, type: "function", function: { name, arguments: args } });
  const damaged = [
    { role: "user", content: "go" },
    {
      role: "assistant",
      content: null,
      tool_calls: [null, "x", { id: 7 }, { id: "c0", function: null }, call("c1", "read_file", { path: "a" }), call("dup", "read_file"), call("dup", "terminal")],
    },
    { role: "tool", tool_call_id: "c1", content: "result c1" },
    { role: "tool", tool_call_id: "dup", content: "first dup" },
    { role: "tool", tool_call_id: "dup", content: "second dup" },
    { role: "tool", tool_call_id: 42, content: "no id" },
    { role: "assistant", content: "ok", tool_calls: "garbage" },
    { role: "user", content: 12 },
    { role: "assistant", content: "fine" },
  ];

  it("loads with one warning, answers each call id exactly once, keeps the original bytes, and continues", async () => {
    const path = writeTranscript("20240105-100000-ffff", damaged, '{"role":"user","content":"tor');
    const original = readFileSync(path, "utf8");
    const records: LogRecord[] = [];
    const removeSink = addLogSink((r) => void records.push(r));
    let session: Session;
    try {
      session = Session.open("20240105-100000-ffff");
    } finally {
      removeSink();
    }
    expectValidHistory(session.messages);
    const assistant = session.messages[1] as { tool_calls: Array<{ id: string; function: { name: string; arguments: string } }> };
    const ids = assistant.tool_calls.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual(["c1", "dup"]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(assistant.tool_calls.map((c) => c.function.name)).toEqual(["read_file", "read_file", "terminal"]);
    expect(JSON.parse(assistant.tool_calls[0]!.function.arguments)).toEqual({ path: "a" });
    const results = session.messages.slice(2, 5).map((m) => m.content);
    expect(results).toEqual(["result c1", "first dup", "second dup"]);
    expect(session.messages.slice(5).map((m) => m.role)).toEqual(["assistant", "user", "assistant"]);

    const warnings = records.filter((r) => r.level === "warn" || r.level === "error");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(path);
    const backups = readdirSync(sessionsDir()).filter((name) => name.startsWith("20240105-100000-ffff") && name !== "20240105-100000-ffff.jsonl");
    expect(backups).toHaveLength(1);
    expect(backups[0]).not.toMatch(/\.jsonl$/);
    expect(readFileSync(join(sessionsDir(), backups[0]!), "utf8")).toBe(original);
    expect(warnings[0]!.message).toContain(backups[0]);
    expect(listSessions().filter((s) => s.id.startsWith("20240105-100000-ffff"))).toHaveLength(1);

    // Loading the repaired file again changes nothing and warns no more.
    const again: LogRecord[] = [];
    const removeAgain = addLogSink((r) => void again.push(r));
    try {
      expect(Session.open("20240105-100000-ffff").messages).toEqual(session.messages);
    } finally {
      removeAgain();
    }
    expect(again.filter((r) => r.level === "warn")).toHaveLength(0);

    const server = await startServer({ replies: [text("continuing")] });
    const { agent } = agentOn(server, { session, loadBuiltinTools: false, toolsets: [] });
    await agent.run("continue");
    expectValidHistory(server.chatRequests[0]!.body!.messages);
  });

  it("lists a session whose lines have odd content without dropping it", () => {
    writeTranscript("20240106-100000-abab", [{ role: "user", content: 5 }, { role: "user", content: [{ type: "text", text: "second" }, null] }]);
    expect(listSessions().some((s) => s.id === "20240106-100000-abab")).toBe(true);
  });
});

describe("repairHistory", () => {
  it("never throws, and always returns a valid history, whatever the lines hold", () => {
    const id = fc.constantFrom("a", "b", "dup", "");
    const toolCallArb = fc.oneof(fc.anything(), fc.record({ id: fc.oneof(id, fc.anything()), type: fc.constant("function"), function: fc.oneof(fc.anything(), fc.record({ name: fc.oneof(fc.string(), fc.anything()), arguments: fc.oneof(fc.string(), fc.anything()) })) }));
    const message = fc.oneof(
      fc.anything(),
      fc.record({ role: fc.constantFrom("user", "assistant", "tool", "system", "other"), content: fc.oneof(fc.string(), fc.constant(null), fc.anything()) }),
      fc.record({ role: fc.constant("assistant"), content: fc.oneof(fc.string(), fc.constant(null)), tool_calls: fc.oneof(fc.array(toolCallArb, { maxLength: 4 }), fc.anything()) }),
      fc.record({ role: fc.constant("tool"), tool_call_id: fc.oneof(id, fc.anything()), content: fc.oneof(fc.string(), fc.anything()) }),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (lines) => {
        const { messages } = repairHistory(lines as ChatMessage[]);
        expectValidHistory(messages);
        expect(repairHistory(messages).messages).toEqual(messages);
      }),
      { numRuns: 500 },
    );
  });


  it("puts results written out of order back in call order", () => {
    const history = [
      { role: "assistant", content: null, tool_calls: ["a", "b"].map((id) => ({ id, type: "function", function: { name: "read_file", arguments: "{}" } })) },
      { role: "tool", tool_call_id: "b", content: "B" },
      { role: "tool", tool_call_id: "a", content: "A" },
    ] as ChatMessage[];
    const { messages, added } = repairHistory(history);
    expectValidHistory(messages);
    expect(messages.slice(1).map((m) => (m as { content: string }).content)).toEqual(["A", "B"]);
    expect(added).toBe(0);
  });

  it("answers open calls right after the results that exist and drops duplicates", () => {
    const duplicate = { role: "tool", tool_call_id: "a", content: "again" } as ChatMessage;
    const { messages, added, dropped } = repairHistory([...(cutMidTurn as ChatMessage[]), duplicate, { role: "user", content: "next" }]);
    expect(added).toBe(1);
    expect(dropped).toBe(1);
    expect(messages.map((m) => (m.role === "tool" ? `tool:${m.tool_call_id}` : m.role))).toEqual(["user", "assistant", "tool:a", "tool:b", "user"]);
  });

  it("leaves a valid history untouched", () => {
    const valid = repairHistory(cutMidTurn as ChatMessage[]).messages;
    expect(repairHistory(valid)).toEqual({ messages: valid, added: 0, dropped: 0, repaired: 0 });
  });
});

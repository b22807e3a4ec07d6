import { appendFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Session, SessionNotFoundError, listSessions, repairHistory, sessionsDir } from "../../src/agent/index.js";
import type { ChatMessage } from "../../src/llm/index.js";
import { startScriptedServer, text, toolCall, type ScriptedServer } from "../helpers/scripted-openai-server.js";
import { agentOn, expectValidHistory, useTempHome, type TempHome } from "./fixture.js";

let home: TempHome;
let server: ScriptedServer | undefined;

beforeAll(() => {
  home = useTempHome("quiver-session-");
});
afterAll(() => home.restore());
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function readLines(path: string): ChatMessage[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as ChatMessage);
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
  it("holds every message of a run, one JSON line each, as the agent appends them", async () => {
    server = await startScriptedServer({ replies: [toolCall("read_file", { path: "/nonexistent/q" }), text("It does not exist.")] });
    const session = Session.create();
    const seen: number[] = [];
    const { agent } = agentOn(server, {
      session,
      onEvent: (event) => {
        // Each message is on disk by the time its event fires.
        if (event.type === "assistant_message" || event.type === "tool_end") seen.push(readFileSync(session.path, "utf8").split("\n").length - 1);
      },
    });
    await agent.run("read q");

    const lines = readLines(session.path);
    expect(lines.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(lines).toEqual(agent.messages.slice(1));
    expect(seen).toEqual([2, 2, 4]);
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

    server = await startScriptedServer({ replies: [text("Picking up where we left off.")] });
    const { agent } = agentOn(server, { session, loadBuiltinTools: false, toolsets: [] });
    await agent.run("continue");
    const sent = server.chatRequests[0]!.body!.messages;
    expect(sent[0]).toMatchObject({ role: "system" });
    expect(sent.slice(1, 5)).toEqual(session.messages.slice(0, 4));
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

describe("repairHistory", () => {
  it("answers open calls right after the results that exist and drops duplicates", () => {
    const duplicate = { role: "tool", tool_call_id: "a", content: "again" } as ChatMessage;
    const { messages, added, dropped } = repairHistory([...(cutMidTurn as ChatMessage[]), duplicate, { role: "user", content: "next" }]);
    expect(added).toBe(1);
    expect(dropped).toBe(1);
    expect(messages.map((m) => (m.role === "tool" ? `tool:${m.tool_call_id}` : m.role))).toEqual(["user", "assistant", "tool:a", "tool:b", "user"]);
  });

  it("leaves a valid history untouched", () => {
    const valid = repairHistory(cutMidTurn as ChatMessage[]).messages;
    expect(repairHistory(valid)).toEqual({ messages: valid, added: 0, dropped: 0 });
  });
});

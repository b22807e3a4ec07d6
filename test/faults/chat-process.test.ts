/**
 * Faults around a running `quiver chat -p` (the built CLI as a real child process, the scripted
 * model server on loopback): `kill -9` in the middle of a turn, and a model server that resets
 * the connection mid-stream. Each checks that nothing completed is lost, that every tool call
 * is answered, and that the session continues.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectValidHistory } from "../agent/fixture.js";
import { assertBuilt, cliEnv, runCli, startCli, waitFor } from "../helpers/cli.js";
import { drop, hang, startScriptedServer, text, toolCall, toolCalls, type ScriptedServer } from "../helpers/scripted-openai-server.js";

let home: string;
let work: string;
let server: ScriptedServer;

beforeAll(() => {
  assertBuilt();
  work = mkdtempSync(join(tmpdir(), "quiver-fault-work-"));
  writeFileSync(join(work, "notes.txt"), "alpha\n");
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "quiver-fault-home-"));
});
afterEach(async () => {
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return cliEnv({ QUIVER_HOME: home, OPENAI_API_KEY: "sk-fault-test", OPENAI_BASE_URL: server.baseUrl, QUIVER_MODEL: "scripted-model" });
}

function sessionFiles(): string[] {
  const dir = join(home, "sessions");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : [];
}

interface Line {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

/** The complete lines of the only transcript. */
function transcript(): Line[] {
  const [file] = sessionFiles();
  if (file === undefined) return [];
  return readFileSync(join(home, "sessions", file), "utf8")
    .split("\n")
    .slice(0, -1)
    .map((line) => JSON.parse(line) as Line);
}

const readNotes = (): ReturnType<typeof toolCall> => toolCall("read_file", { path: join(work, "notes.txt") }, "call_read");

describe("kill -9 mid-turn", () => {
  it("while the model streams its second reply: every completed message is kept and --continue goes on", async () => {
    server = await startScriptedServer({ replies: [readNotes(), hang({ afterText: "The notes sa" })] });
    const running = startCli(["chat", "-p", "what do the notes say?", "--toolsets", "file"], env(), { cwd: work });
    await server.waitForRequests(2, 20_000);
    await waitFor(() => transcript().length === 3, () => `3 transcript lines; stderr: ${running.stderr()}`);
    const before = transcript();
    running.child.kill("SIGKILL");
    expect((await running.done).signal).toBe("SIGKILL");

    expect(transcript()).toEqual(before);
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(String(before[2]!.content)).toContain("alpha");

    server.push(text("They say alpha."));
    const resumed = await runCli(["chat", "--continue", "-p", "and so?", "--toolsets", "file"], env(), { cwd: work });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("They say alpha.\n");
    const sent = server.chatRequests[2]!.body!.messages;
    expectValidHistory(sent);
    expect(sent.slice(1, 4)).toEqual(before);
    expect(transcript().map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
  });

  it("while two tool calls run: the finished one keeps its result, the cut one is answered cancelled", async () => {
    // read_file finishes at once; the terminal call is still sleeping when the process dies.
    server = await startScriptedServer({
      replies: [
        toolCalls([
          { name: "read_file", arguments: { path: join(work, "notes.txt") }, id: "call_fast" },
          { name: "terminal", arguments: { command: "sleep 20", workdir: work }, id: "call_slow" },
        ]),
      ],
    });
    const running = startCli(["chat", "-p", "read and wait", "--toolsets", "file,terminal", "--yes"], env(), { cwd: work });
    await waitFor(() => transcript().some((m) => m.tool_call_id === "call_fast"), () => `the read_file result on disk; stderr: ${running.stderr()}`);
    running.child.kill("SIGKILL");
    await running.done;

    server.push(text("Picking up."));
    const resumed = await runCli(["chat", "--continue", "-p", "go on", "--toolsets", "file,terminal"], env(), { cwd: work });
    expect(resumed.code).toBe(0);
    const sent = server.chatRequests[1]!.body!.messages;
    expectValidHistory(sent);
    const results = new Map(sent.filter((m) => m.role === "tool").map((m) => [m.tool_call_id, String(m.content)]));
    expect(results.get("call_fast")).toContain("alpha");
    expect(JSON.parse(results.get("call_slow")!)).toMatchObject({ error_type: "cancelled" });
  });
});

describe("a model server that resets the connection mid-stream", () => {
  it("before any text: the request is retried and the turn completes", async () => {
    server = await startScriptedServer({ replies: [readNotes(), drop(), text("Retried: alpha.")] });
    const r = await runCli(["chat", "-p", "notes?", "--toolsets", "file"], env(), { cwd: work });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Retried: alpha.\n");
    expect(transcript().map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("after text was shown: the turn ends with a clear error, nothing completed is lost, and --continue works", async () => {
    server = await startScriptedServer({ replies: [readNotes(), drop({ afterText: "The notes" })] });
    const r = await runCli(["chat", "-p", "notes?", "--toolsets", "file"], env(), { cwd: work });
    expect(r.code).not.toBe(0);
    expect(r.signal).toBeNull();
    expect(r.stderr).toMatch(/dropped|reset|connection/i);
    expect(r.stderr.split("\n").filter((l) => l.trim() !== "").length).toBeLessThan(10);
    const kept = transcript();
    expect(kept.slice(0, 3).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(String(kept[2]!.content)).toContain("alpha");

    server.push(text("Again: alpha."));
    const resumed = await runCli(["chat", "--continue", "-p", "again?", "--toolsets", "file"], env(), { cwd: work });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("Again: alpha.\n");
    const sent = server.chatRequests.at(-1)!.body!.messages;
    expectValidHistory(sent);
    expect(sent.slice(1, 4)).toEqual(kept.slice(0, 3));
  });
});

describe("resuming a damaged transcript", () => {
  it("--resume repairs it with one warning line, answers every call once, and the turn runs", async () => {
    server = await startScriptedServer({ replies: [text("Resumed.")] });
    const dir = join(home, "sessions");
    mkdirSync(dir, { recursive: true });
    const id = "20240201-120000-beef";
    const call = (callId: string, name: string): unknown => ({ id: callId, type: "function", function: { name, arguments: "{}" } });
    const lines = [
      { role: "user", content: "hi" },
      { role: "assistant", content: null, tool_calls: [{ function: "broken" }, call("same", "read_file"), call("same", "read_file"), 17] },
      { role: "tool", tool_call_id: "same", content: "one" },
      { role: "tool", tool_call_id: "same", content: "two" },
      { role: "assistant", content: "ok" },
    ];
    const original = lines.map((m) => JSON.stringify(m)).join("\n") + '\n{"role":"user","cont';
    writeFileSync(join(dir, `${id}.jsonl`), original);

    const r = await runCli(["chat", "--resume", id, "-p", "go on", "--toolsets", "file"], env(), { cwd: work });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Resumed.\n");
    const warnings = r.stderr.split("\n").filter((l) => /warn/i.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${id}.jsonl`);
    const sent = server.chatRequests[0]!.body!.messages;
    expectValidHistory(sent);
    expect(sent.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["one", "two"]);
    const backup = readdirSync(dir).find((f) => f.startsWith(`${id}.jsonl.`) && f.endsWith(".bak"));
    expect(readFileSync(join(dir, backup!), "utf8")).toBe(original);
  });
});

/**
 * Faults around a running `quiver chat -p` (the built CLI as a real child process, the scripted
 * model server on loopback): `kill -9` in the middle of a turn, and a model server that resets
 * the connection mid-stream. Each checks that nothing completed is lost, that every tool call
 * is answered, and that the session continues.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asSent, expectValidHistory, toolResults, unwrapToolMessages } from "../agent/fixture.js";
import { useCliSandbox, waitFor } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { drop, hang, text, toolCall, toolCalls } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-fault-home-", apiKey: "sk-fault-test" });
const work = useTempDir("quiver-fault-work-", { "notes.txt": "alpha\n" });

const readNotes = (): ReturnType<typeof toolCall> => toolCall("read_file", { path: join(work.path, "notes.txt") }, "call_read");

describe("kill -9 mid-turn", () => {
  it("while the model streams its second reply: every completed message is kept and --continue goes on", async () => {
    const server = await cli.startServer({ replies: [readNotes(), hang({ afterText: "The notes sa" })] });
    const running = cli.start(["chat", "-p", "what do the notes say?", "--toolsets", "file"], { cwd: work.path });
    await server.waitForRequests(2, 20_000);
    await waitFor(() => cli.transcript().length === 3, () => `3 transcript lines; stderr: ${running.stderr()}`);
    const before = cli.transcript();
    running.child.kill("SIGKILL");
    expect((await running.done).signal).toBe("SIGKILL");

    expect(cli.transcript()).toEqual(before);
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(String(before[2]!.content)).toContain("alpha");

    server.push(text("They say alpha."));
    const resumed = await cli.run(["chat", "--continue", "-p", "and so?", "--toolsets", "file"], { cwd: work.path });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("They say alpha.\n");
    const sent = server.chatRequests[2]!.body!.messages;
    expectValidHistory(sent);
    // The resumed request sends what was stored, tool results inside the boundary the transcript keeps.
    expect(sent.slice(1, 4)).toEqual(asSent(before));
    expect(cli.transcript().map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
  });

  it("while two tool calls run: the finished one keeps its result, the cut one is answered cancelled", async () => {
    // read_file finishes at once; the terminal call is still sleeping when the process dies.
    const server = await cli.startServer({
      replies: [
        toolCalls([
          { name: "read_file", arguments: { path: join(work.path, "notes.txt") }, id: "call_fast" },
          { name: "terminal", arguments: { command: "sleep 20", workdir: work.path }, id: "call_slow" },
        ]),
      ],
    });
    const running = cli.start(["chat", "-p", "read and wait", "--toolsets", "file,terminal", "--yes"], { cwd: work.path });
    await waitFor(() => cli.transcript().some((m) => m.tool_call_id === "call_fast"), () => `the read_file result on disk; stderr: ${running.stderr()}`);
    running.child.kill("SIGKILL");
    await running.done;

    server.push(text("Picking up."));
    const resumed = await cli.run(["chat", "--continue", "-p", "go on", "--toolsets", "file,terminal"], { cwd: work.path });
    expect(resumed.code).toBe(0);
    const sent = server.chatRequests[1]!.body!.messages;
    expectValidHistory(sent);
    const results = toolResults(sent);
    expect(results.get("call_fast")).toContain("alpha");
    expect(JSON.parse(results.get("call_slow")!)).toMatchObject({ error_type: "cancelled" });
  });
});

describe("a model server that resets the connection mid-stream", () => {
  it("before any text: the request is retried and the turn completes", async () => {
    await cli.startServer({ replies: [readNotes(), drop(), text("Retried: alpha.")] });
    const r = await cli.run(["chat", "-p", "notes?", "--toolsets", "file"], { cwd: work.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Retried: alpha.\n");
    expect(cli.transcript().map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("after text was shown: the turn ends with a clear error, nothing completed is lost, and --continue works", async () => {
    const server = await cli.startServer({ replies: [readNotes(), drop({ afterText: "The notes" })] });
    const r = await cli.run(["chat", "-p", "notes?", "--toolsets", "file"], { cwd: work.path });
    expect(r.code).not.toBe(0);
    expect(r.signal).toBeNull();
    expect(r.stderr).toMatch(/dropped|reset|connection/i);
    expect(r.stderr.split("\n").filter((l) => l.trim() !== "").length).toBeLessThan(10);
    const kept = cli.transcript();
    expect(kept.slice(0, 3).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(String(kept[2]!.content)).toContain("alpha");

    server.push(text("Again: alpha."));
    const resumed = await cli.run(["chat", "--continue", "-p", "again?", "--toolsets", "file"], { cwd: work.path });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("Again: alpha.\n");
    const sent = server.chatRequests.at(-1)!.body!.messages;
    expectValidHistory(sent);
    expect(sent.slice(1, 4)).toEqual(asSent(kept.slice(0, 3)));
  });
});

describe("resuming a damaged transcript", () => {
  it("--resume repairs it with one warning line, answers every call once, and the turn runs", async () => {
    const server = await cli.startServer({ replies: [text("Resumed.")] });
    const dir = join(cli.home, "sessions");
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

    const r = await cli.run(["chat", "--resume", id, "-p", "go on", "--toolsets", "file"], { cwd: work.path });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("Resumed.\n");
    const warnings = r.stderr.split("\n").filter((l) => /warn/i.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${id}.jsonl`);
    const sent = server.chatRequests[0]!.body!.messages;
    expectValidHistory(sent);
    expect(unwrapToolMessages(sent).filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["one", "two"]);
    const backup = readdirSync(dir).find((f) => f.startsWith(`${id}.jsonl.`) && f.endsWith(".bak"));
    expect(readFileSync(join(dir, backup!), "utf8")).toBe(original);
  });
});

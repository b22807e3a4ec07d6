/** Sessions belong to the directory they were started in: --continue, a bare --resume, --any-dir, --no-save, failed starts. */
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { answerOnPty, hasScript } from "../helpers/pty.js";
import { httpError, text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-perdir-home-", apiKey: "sk-perdir-test-0123456789" });
let root = "";
let dirA = "";
let dirB = "";

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "quiver-perdir-")));
  dirA = join(root, "a");
  dirB = join(root, "b");
  mkdirSync(dirA);
  mkdirSync(dirB);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const userTexts = (server: ScriptedServer, n: number): unknown[] =>
  server.chatRequests[n]!.body!.messages.filter((m) => m.role === "user").map((m) => m.content);

describe("sessions per directory", () => {
  it("--continue picks the newest session of this directory; --any-dir the newest of all", async () => {
    const server = await cli.startServer({ replies: [text("a1"), text("b1"), text("a2"), text("b2")] });
    expect((await cli.run(["chat", "-p", "first in A"], { cwd: dirA })).code).toBe(0);
    expect((await cli.run(["chat", "-p", "first in B"], { cwd: dirB })).code).toBe(0);
    // B is newer, but we are in A.
    expect((await cli.run(["chat", "-p", "again in A", "--continue"], { cwd: dirA })).code).toBe(0);
    expect(userTexts(server, 2)).toEqual(["first in A", "again in A"]);
    const any = await cli.run(["chat", "-p", "anywhere", "--continue", "--any-dir"], { cwd: root });
    expect(any.code).toBe(0);
    // The newest written is A's (just continued).
    expect(userTexts(server, 3)).toEqual(["first in A", "again in A", "anywhere"]);
    expect(cli.sessionFiles()).toHaveLength(2);
  });

  it("--continue in a directory without sessions says so and sends nothing", async () => {
    const server = await cli.startServer({ replies: [text("a1")] });
    expect((await cli.run(["chat", "-p", "in A"], { cwd: dirA })).code).toBe(0);
    const r = await cli.run(["chat", "-p", "in B", "--continue"], { cwd: dirB });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no saved session was started in ${dirB}`);
    expect(r.stderr).toContain("--continue --any-dir");
    expect(server.chatRequests).toHaveLength(1);
  });

  it("quiver sessions shows each session's directory", async () => {
    await cli.startServer({ replies: [text("a1"), text("b1")] });
    await cli.run(["chat", "-p", "first in A"], { cwd: dirA });
    await cli.run(["chat", "-p", "first in B"], { cwd: dirB });
    const r = await cli.run(["sessions"]);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+UPDATED\s+MSGS\s+DIRECTORY\s+FIRST PROMPT$/);
    expect(lines[1]).toContain(dirB);
    expect(lines[1]).toContain("first in B");
    expect(lines[2]).toContain(dirA);
    const json = JSON.parse((await cli.run(["sessions", "--json"])).stdout) as Array<{ cwd: string }>;
    expect(json.map((s) => s.cwd)).toEqual([dirB, dirA]);
  });

  it("a bare --resume without a terminal lists this directory's sessions and says how to name one", async () => {
    await cli.startServer({ replies: [text("a1"), text("b1")] });
    await cli.run(["chat", "-p", "first in A"], { cwd: dirA });
    await cli.run(["chat", "-p", "first in B"], { cwd: dirB });
    const r = await cli.run(["chat", "--resume"], { cwd: dirA });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--resume without an id needs a terminal");
    expect(r.stderr).toContain("first in A");
    expect(r.stderr).not.toContain("first in B");
  });

  it("--no-save writes nothing; a first request that fails leaves no session", async () => {
    await cli.startServer({ replies: [text("fine"), httpError(401, { message: "bad key" })] });
    const saved = await cli.run(["chat", "-p", "one-off", "--no-save"], { cwd: dirA });
    expect(saved.code).toBe(0);
    expect(saved.stderr).toContain("not saved");
    const failed = await cli.run(["chat", "-p", "doomed"], { cwd: dirA });
    expect(failed.code).toBe(1);
    expect(existsSessions()).toEqual([]);
  });
});

function existsSessions(): string[] {
  try {
    return readdirSync(join(cli.home, "sessions"));
  } catch {
    return [];
  }
}

describe.skipIf(!hasScript)("a bare --resume on a terminal", () => {
  it("numbers this directory's sessions and continues the one picked", async () => {
    const server = await cli.startServer({ replies: [text("a1"), text("a2"), text("b1"), text("picked")] });
    await cli.run(["chat", "-p", "older in A"], { cwd: dirA });
    await cli.run(["chat", "-p", "newer in A"], { cwd: dirA });
    await cli.run(["chat", "-p", "in B"], { cwd: dirB });
    const screen = await answerOnPty(["chat", "--resume", "-p", "go on"], cli.env({ NO_COLOR: "1" }), "2", { question: "Resume which?", cwd: dirA });
    expect(screen).toMatch(/#\s+ID[\s\S]*1\s+\S+[^\n]*newer in A\n2\s+\S+[^\n]*older in A/);
    expect(screen).not.toContain("in B");
    expect(userTexts(server, 3)).toEqual(["older in A", "go on"]);
  });
});

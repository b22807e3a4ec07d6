/** `@path` in a chat message, through the real CLI: what reached the model's request. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-at-home-", apiKey: "sk-at-test-0123456789" });
let work = "";
let home = "";

beforeEach(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), "quiver-at-work-")));
  home = realpathSync(mkdtempSync(join(tmpdir(), "quiver-at-userhome-")));
  mkdirSync(join(work, "src"));
  writeFileSync(join(work, "notes.txt"), "MARKER-NOTES the notes\n");
  writeFileSync(join(work, "src", "a.ts"), "export const MARKER_A = 1;\n");
  writeFileSync(join(work, "src", "b.ts"), "export const MARKER_B = 2;\n");
  writeFileSync(join(work, "src", "c.md"), "MARKER-C\n");
  writeFileSync(join(work, "image.bin"), Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02, 0x00]));
  mkdirSync(join(home, ".ssh"), { mode: 0o700 });
  writeFileSync(join(home, ".ssh", "id_test"), "MARKER-SECRET-KEY\n");
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const sentUser = (server: ScriptedServer, n = 0): string => String(server.chatRequests[n]!.body!.messages.filter((m) => m.role === "user").at(-1)?.content);

describe("@path mentions", () => {
  it("attaches a file, a directory listing and a glob's files, keeping the message as typed", async () => {
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "compare @notes.txt, @src and @src/*.ts please"], { cwd: work, env: { HOME: home } });
    expect(r.code).toBe(0);
    const sent = sentUser(server);
    expect(sent.startsWith("compare @notes.txt, @src and @src/*.ts please\n\n")).toBe(true);
    expect(sent).toContain('<file path="notes.txt">\nMARKER-NOTES the notes\n</file>');
    expect(sent).toMatch(/<directory path="src">\na\.ts\nb\.ts\nc\.md\n<\/directory>/);
    expect(sent).toContain('<file path="src/a.ts">\nexport const MARKER_A = 1;\n</file>');
    expect(sent).toContain("MARKER_B");
    expect(sent).not.toContain("MARKER-C");
    expect(r.stderr).toContain("📎 notes.txt");
  });

  it("leaves plain @words and mail addresses as text", async () => {
    const server = await cli.startServer({ replies: [text("ok")] });
    expect((await cli.run(["chat", "-p", "ask @alice or bob@example.com"], { cwd: work, env: { HOME: home } })).code).toBe(0);
    expect(sentUser(server)).toBe("ask @alice or bob@example.com");
  });

  it("refuses binary files and cuts at input.mentionMaxBytes", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "input:\n  mentionMaxBytes: 40\n");
    writeFileSync(join(work, "big.txt"), `MARKER-BIG-HEAD ${"y".repeat(200)} MARKER-BIG-TAIL\n`);
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "see @image.bin and @big.txt"], { cwd: work, env: { HOME: home } });
    expect(r.code).toBe(0);
    const sent = sentUser(server);
    expect(sent).not.toContain("image.bin\">");
    expect(r.stderr).toContain("@image.bin: a binary file");
    expect(sent).toContain("MARKER-BIG-HEAD");
    expect(sent).not.toContain("MARKER-BIG-TAIL");
    expect(sent).toContain('truncated="first 40 of');
  });

  it("refuses kernel pseudo-files and pipes as read_file does: /proc/self/environ holds the API key", async () => {
    execFileSync("mkfifo", [join(work, "pipe")]);
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "show @/proc/self/environ and @pipe"], { cwd: work, env: { HOME: home } });
    expect(r.code).toBe(0);
    expect(sentUser(server)).toBe("show @/proc/self/environ and @pipe");
    expect(JSON.stringify(server.chatRequests[0]!.body)).not.toContain("sk-at-test-0123456789");
    expect(r.stderr).toContain("kernel pseudo-file");
    expect(r.stderr).toContain("@pipe: not a regular file");
  });

  it("a glob passes over a link into a credential folder; naming the link asks (and nobody can answer here)", async () => {
    symlinkSync(join(home, ".ssh", "id_test"), join(work, "innocent.txt"));
    const server = await cli.startServer({ replies: [text("one"), text("two")] });
    const glob = await cli.run(["chat", "-p", "read @*.txt"], { cwd: work, env: { HOME: home } });
    expect(glob.code).toBe(0);
    expect(sentUser(server, 0)).toContain("MARKER-NOTES");
    expect(sentUser(server, 0)).not.toContain("MARKER-SECRET-KEY");
    const named = await cli.run(["chat", "-p", "read @innocent.txt", "--yes"], { cwd: work, env: { HOME: home } });
    expect(named.code).toBe(0);
    expect(sentUser(server, 1)).toBe("read @innocent.txt");
    expect(named.stderr).toContain("which holds credentials");
  });

  // Asked and answered on a terminal: test/cli/repl-input.test.ts.
  it("a credential path needs a person's approval: without one (even with --yes), nothing is attached", async () => {
    const server = await cli.startServer({ replies: [text("one")] });
    // One-shot without a terminal: nobody can approve.
    const oneShot = await cli.run(["chat", "-p", "use @~/.ssh/id_test", "--yes"], { cwd: work, env: { HOME: home } });
    expect(oneShot.code).toBe(0);
    expect(sentUser(server, 0)).toBe("use @~/.ssh/id_test");
    expect(oneShot.stderr).toContain("which holds credentials");
  });
});

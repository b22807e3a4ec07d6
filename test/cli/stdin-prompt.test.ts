/** `quiver chat -p` with piped stdin: appended to the prompt, or the prompt itself; bounded. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-stdin-home-", apiKey: "sk-stdin-test-0123456789" });

const lastUser = (server: ScriptedServer): unknown =>
  server.chatRequests[0]!.body!.messages.filter((m) => m.role === "user").at(-1)?.content;

describe("quiver chat -p with stdin", () => {
  it("appends piped text to the prompt: both are sent", async () => {
    const server = await cli.startServer({ replies: [text("summary")] });
    const r = await cli.run(["chat", "-p", "summarise this"], { input: "line one of the log\nline two\n" });
    expect(r.code).toBe(0);
    expect(lastUser(server)).toBe("summarise this\n\nline one of the log\nline two");
  });

  it("takes stdin alone as the prompt with a bare -p or -p -", async () => {
    const server = await cli.startServer({ replies: [text("a"), text("b")] });
    expect((await cli.run(["chat", "-p"], { input: "what is 2+2?\n" })).code).toBe(0);
    expect((await cli.run(["chat", "-p", "-", "--no-save"], { input: "and 3+3?" })).code).toBe(0);
    expect(server.chatRequests.map((req) => req.body!.messages.at(-1)!.content)).toEqual(["what is 2+2?", "and 3+3?"]);
  });

  it("refuses stdin past input.maxStdinBytes before any request, saying how to fix it", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "input:\n  maxStdinBytes: 1000\n");
    const server = await cli.startServer({ replies: [text("never")] });
    const r = await cli.run(["chat", "-p", "summarise"], { input: "x".repeat(5000) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("stdin is over the 1000-byte cap");
    expect(r.stderr).toContain("input.maxStdinBytes");
    expect(server.chatRequests).toHaveLength(0);
    expect(cli.sessionFiles()).toEqual([]);
  });

  it("an empty stdin with a bare -p is a usage error", async () => {
    await cli.startServer({ replies: [] });
    const r = await cli.run(["chat", "-p"], { input: "" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("nothing came on stdin");
  });
});

describe("quiver chat --help", () => {
  it("teaches stdin with -p, the per-directory --continue and --resume, --any-dir and --no-save", async () => {
    const r = await cli.run(["chat", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("text piped to stdin is appended");
    expect(r.stdout).toMatch(/--any-dir\s+with --continue or a bare --resume/);
    expect(r.stdout).toMatch(/--no-save\s+keep this chat in memory only/);
    expect(r.stdout).toContain("-r, --resume [id]");
    expect(r.stdout).toContain('git diff | quiver chat -p "review this change"');
  });
});

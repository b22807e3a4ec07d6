/** AGENTS.md (and configured names) reach the system prompt: user-level, then project root down to cwd. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-instr-home-", apiKey: "sk-instr-test-0123456789" });
let project = "";

beforeEach(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), "quiver-instr-project-")));
  execFileSync("git", ["init", "-q", project]);
  mkdirSync(join(project, "pkg", "sub"), { recursive: true });
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

function systemPrompt(server: ScriptedServer): string {
  const first = server.chatRequests[0]!.body!.messages[0]!;
  expect(first.role).toBe("system");
  return String(first.content);
}

describe("project instructions", () => {
  it("sends the user's, the root's and each directory's AGENTS.md down to cwd, in that order, with their paths", async () => {
    writeFileSync(join(cli.home, "AGENTS.md"), "MARKER-USER: answer in English.\n");
    writeFileSync(join(project, "AGENTS.md"), "MARKER-ROOT: run npm test.\n");
    writeFileSync(join(project, "pkg", "AGENTS.md"), "MARKER-PKG: this package is the parser.\n");
    writeFileSync(join(project, "pkg", "sub", "AGENTS.md"), "MARKER-SUB: nearest wins.\n");
    // Beside cwd, not above it: never read.
    mkdirSync(join(project, "other"));
    writeFileSync(join(project, "other", "AGENTS.md"), "MARKER-OTHER\n");
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "hi"], { cwd: join(project, "pkg", "sub") });
    expect(r.code).toBe(0);
    const prompt = systemPrompt(server);
    const order = ["MARKER-USER", "MARKER-ROOT", "MARKER-PKG", "MARKER-SUB"].map((m) => prompt.indexOf(m));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(prompt).not.toContain("MARKER-OTHER");
    expect(prompt).toContain(`## ${join(project, "pkg", "AGENTS.md")}`);
    expect(prompt).toContain(`## ${join(cli.home, "AGENTS.md")}`);
  });

  it("reads the names of instructions.files, first found per directory", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "instructions:\n  files: [CLAUDE.md, GEMINI.md]\n");
    writeFileSync(join(project, "AGENTS.md"), "MARKER-AGENTS\n");
    writeFileSync(join(project, "CLAUDE.md"), "MARKER-CLAUDE\n");
    writeFileSync(join(project, "pkg", "GEMINI.md"), "MARKER-GEMINI\n");
    const server = await cli.startServer({ replies: [text("ok")] });
    expect((await cli.run(["chat", "-p", "hi"], { cwd: join(project, "pkg") })).code).toBe(0);
    const prompt = systemPrompt(server);
    expect(prompt).toContain("MARKER-CLAUDE");
    expect(prompt).toContain("MARKER-GEMINI");
    expect(prompt).not.toContain("MARKER-AGENTS");
  });

  it("cuts past instructions.maxBytes and warns once, naming the file", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "instructions:\n  maxBytes: 100\n");
    writeFileSync(join(project, "AGENTS.md"), `MARKER-HEAD ${"x".repeat(500)} MARKER-TAIL\n`);
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "hi"], { cwd: project });
    expect(r.code).toBe(0);
    const prompt = systemPrompt(server);
    expect(prompt).toContain("MARKER-HEAD");
    expect(prompt).not.toContain("MARKER-TAIL");
    expect(r.stderr).toContain(`${join(project, "AGENTS.md")} is cut at the 100-byte cap`);
  });

  it("--system replaces the prompt, instructions included", async () => {
    writeFileSync(join(project, "AGENTS.md"), "MARKER-ROOT\n");
    const server = await cli.startServer({ replies: [text("ok")] });
    expect((await cli.run(["chat", "-p", "hi", "--system", "You are terse."], { cwd: project })).code).toBe(0);
    expect(systemPrompt(server)).toBe("You are terse.");
  });
});

describe("project instructions that point elsewhere", () => {
  it("an AGENTS.md linking to a credential file is not read (the prompt goes to the provider); a FIFO does not hang the start", async () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), "quiver-instr-userhome-")));
    try {
      mkdirSync(join(home, ".ssh"));
      writeFileSync(join(home, ".ssh", "id_test"), "MARKER-SECRET-KEY\n");
      symlinkSync(join(home, ".ssh", "id_test"), join(project, "AGENTS.md"));
      execFileSync("mkfifo", [join(project, "pkg", "AGENTS.md")]);
      const server = await cli.startServer({ replies: [text("ok")] });
      const r = await cli.run(["chat", "-p", "hi"], { cwd: join(project, "pkg"), env: { HOME: home } });
      expect(r.code).toBe(0);
      expect(JSON.stringify(server.chatRequests[0]!.body)).not.toContain("MARKER-SECRET-KEY");
      expect(r.stderr).toContain(`${join(project, "AGENTS.md")} is not read: it resolves to a path under ${join(home, ".ssh")}`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** `!command` in the chat, through the real CLI: run as the user's own, its output in the next request. */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, type ScriptedServer } from "../helpers/scripted-openai-server.js";

const KEY = "sk-bang-test-0123456789abcdef";
const cli = useCliSandbox({ homePrefix: "quiver-bang-home-", apiKey: KEY });
let work = "";

beforeEach(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), "quiver-bang-work-")));
  mkdirSync(join(work, "victim"));
  writeFileSync(join(work, "victim", "f.txt"), "x");
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const lastUser = (server: ScriptedServer, n: number): string => String(server.chatRequests[n]!.body!.messages.filter((m) => m.role === "user").at(-1)?.content);

describe("!command in the chat", () => {
  it("runs without a model turn, shows the output, and the next message carries it", async () => {
    const server = await cli.startServer({ replies: [text("I see it.")] });
    const r = await cli.run(["chat"], { cwd: work, input: "!echo bang-output-123\nwhat did it print?\n" });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("bang-output-123");
    expect(server.chatRequests).toHaveLength(1);
    const sent = lastUser(server, 0);
    expect(sent).toContain('<user-shell command="echo bang-output-123">\nbang-output-123\n</user-shell>');
    expect(sent.endsWith("\n\nwhat did it print?")).toBe(true);
  });

  it("is not asked about (a recursive delete runs), yet the hard line holds and the environment is scrubbed", async () => {
    const server = await cli.startServer({ replies: [text("ok")] });
    const input = `!rm -r victim\n!rm -rf /\n!echo key=[$OPENAI_API_KEY]\nand?\n`;
    const r = await cli.run(["chat"], { cwd: work, input, env: { HOME: work } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("needs your approval");
    expect(existsSync(join(work, "victim"))).toBe(false);
    expect(r.stdout).toContain("catastrophic");
    const sent = lastUser(server, 0);
    expect(sent).toContain("key=[]");
    expect(sent).not.toContain(KEY);
    expect(sent).toContain('<user-shell command="rm -rf /">');
    expect(sent).toContain("never run");
  });
});

/**
 * The events around a turn through the built CLI (chat -p, scripted model): UserPromptSubmit
 * blocks or adds context, Stop makes the turn go on, SessionStart adds context, SessionEnd fires
 * at exit; each hook gets Claude Code's common fields.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { text } from "../helpers/scripted-openai-server.js";
import { hookEntry, nodeHook, writeConfig } from "./support.js";

const cli = useCliSandbox({ homePrefix: "quiver-turnhooks-home-", apiKey: "sk-turnhooks-test-0123456789" });
const work = useTempDir("quiver-turnhooks-work-", {});
const env = () => ({ env: { HOME: cli.home }, cwd: work.path });
const contentOf = (m: { content?: unknown } | undefined): string => (typeof m?.content === "string" ? m.content : JSON.stringify(m?.content));

describe("UserPromptSubmit", () => {
  it("exit 2 blocks the prompt: no request is sent, the reason is shown, exit 1", async () => {
    const block = nodeHook(work.path, "block", `if (input.prompt.includes("password")) { process.stderr.write("prompts must not carry passwords"); process.exit(2); }`);
    writeConfig(cli.home, { hooks: { UserPromptSubmit: [hookEntry(undefined, block)] } });
    const server = await cli.startServer({ replies: [text("never")] });
    const r = await cli.run(["chat", "-p", "my password is hunter2"], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("prompts must not carry passwords");
    expect(server.chatRequests).toHaveLength(0);
  });

  it("plain stdout is added to the prompt as context", async () => {
    const add = nodeHook(work.path, "add", `process.stdout.write("current branch: feature-x");`);
    writeConfig(cli.home, { hooks: { UserPromptSubmit: [hookEntry(undefined, add)] } });
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "what branch?"], env());
    expect(r.code, r.stderr).toBe(0);
    const user = contentOf(server.chatRequests[0]!.body!.messages.at(-1));
    expect(user).toContain("what branch?");
    expect(user).toContain("current branch: feature-x");
  });
});

describe("Stop, SessionStart, SessionEnd", () => {
  it("a Stop hook that blocks makes the turn go on once with its reason; stop_hook_active is then true", async () => {
    const log = join(work.path, "stop.log");
    const stop = nodeHook(work.path, "stop", `fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(input) + "\\n"); if (!input.stop_hook_active) process.stdout.write(JSON.stringify({ decision: "block", reason: "run the tests first" }));`);
    writeConfig(cli.home, { hooks: { Stop: [hookEntry(undefined, stop)] } });
    const server = await cli.startServer({ replies: [text("done early"), text("tests ran")] });
    const r = await cli.run(["chat", "-p", "fix it"], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("tests ran");
    expect(contentOf(server.chatRequests[1]!.body!.messages.at(-1))).toBe("run the tests first");
    const events = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { stop_hook_active: boolean; hook_event_name: string; session_id: string; transcript_path: string });
    expect(events.map((e) => e.stop_hook_active)).toEqual([false, true]);
    expect(events[0]!.hook_event_name).toBe("Stop");
    expect(events[0]!.transcript_path).toContain(events[0]!.session_id);
  });

  it("SessionStart's output reaches the system prompt, and SessionEnd fires at exit", async () => {
    const ended = join(work.path, "ended.json");
    const start = nodeHook(work.path, "start", `process.stdout.write("team conventions: tabs");`);
    const end = nodeHook(work.path, "end", `fs.writeFileSync(${JSON.stringify(ended)}, JSON.stringify(input));`);
    writeConfig(cli.home, { hooks: { SessionStart: [hookEntry(undefined, start)], SessionEnd: [hookEntry(undefined, end)] } });
    const server = await cli.startServer({ replies: [text("ok")] });
    const r = await cli.run(["chat", "-p", "hi"], env());
    expect(r.code, r.stderr).toBe(0);
    expect(contentOf(server.chatRequests[0]!.body!.messages[0])).toContain("team conventions: tabs");
    expect(existsSync(ended)).toBe(true);
    expect(JSON.parse(readFileSync(ended, "utf8"))).toMatchObject({ hook_event_name: "SessionEnd", reason: "exit" });
  });
});

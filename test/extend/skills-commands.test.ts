/**
 * Skills and custom slash commands through the built CLI: only a skill's name and description
 * reach the first request, its body arrives when the model loads it, a project's skills need the
 * opt-in; a custom command expands its arguments (chat -p "/name …" and the REPL) and is listed in /help.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall, type RecordedRequest } from "../helpers/scripted-openai-server.js";
import { writeConfig } from "../hooks/support.js";

const cli = useCliSandbox({ homePrefix: "quiver-skills-home-", apiKey: "sk-skills-test-0123456789" });
const work = useTempDir("quiver-skills-work-", {});
const env = () => ({ env: { HOME: cli.home }, cwd: work.path });
const system = (request: RecordedRequest | undefined): string => String(request?.body?.messages[0]?.content ?? "");
const lastUser = (request: RecordedRequest | undefined): string => String(request?.body?.messages.filter((m) => m.role === "user").at(-1)?.content ?? "");

function writeSkill(root: string, name: string, description: string, body: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
  writeFileSync(join(root, name, "run.sh"), "echo skill-script-ran\n");
}

describe("skills", () => {
  it("only names and descriptions are in the first request; the body arrives when loaded, and its script runs through terminal", async () => {
    writeConfig(cli.home, {});
    writeSkill(join(cli.home, "skills"), "release-notes", "Writes release notes from the git log", "STEP-BY-STEP-BODY: read the log, group by type.");
    const script = join(cli.home, "skills", "release-notes", "run.sh");
    const server = await cli.startServer({ replies: [toolCall("skill", { name: "release-notes" }), toolCall("terminal", { command: `sh ${script}` }), text("ok")] });
    const r = await cli.run(["chat", "-p", "write the notes"], env());
    expect(r.code, r.stderr).toBe(0);
    const first = server.chatRequests[0];
    expect(system(first)).toContain("release-notes: Writes release notes from the git log");
    expect(JSON.stringify(first!.body!.messages)).not.toContain("STEP-BY-STEP-BODY");
    expect(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0")).toContain("STEP-BY-STEP-BODY");
    expect(toolResults(server.chatRequests[2]!.body!.messages).get("call_2_0")).toContain("skill-script-ran");
  });

  it("a project's .claude/skills load only with --project-tools", async () => {
    writeConfig(cli.home, {});
    writeSkill(join(work.path, ".claude", "skills"), "lint-fix", "Fixes lint errors the project's way", "BODY");
    const server = await cli.startServer({ replies: [text("a"), text("b")] });
    expect((await cli.run(["chat", "-p", "hi"], env())).code).toBe(0);
    expect(system(server.chatRequests[0])).not.toContain("lint-fix");
    expect((await cli.run(["chat", "-p", "hi", "--project-tools"], env())).code).toBe(0);
    expect(system(server.chatRequests[1])).toContain("lint-fix: Fixes lint errors the project's way");
  });
});

describe("custom slash commands", () => {
  const command = (): void => {
    mkdirSync(join(cli.home, "commands"), { recursive: true });
    writeFileSync(join(cli.home, "commands", "review.md"), "---\ndescription: Review a file for one concern\nargument-hint: <file> <concern>\n---\nReview $1 for $2 problems. Everything said: $ARGUMENTS\n");
  };

  it("chat -p \"/review …\" sends the body with its arguments filled in", async () => {
    writeConfig(cli.home, {});
    command();
    const server = await cli.startServer({ replies: [text("reviewed")] });
    const r = await cli.run(["chat", "-p", '/review src/a.ts "thread safety"'], env());
    expect(r.code, r.stderr).toBe(0);
    expect(lastUser(server.chatRequests[0])).toBe('Review src/a.ts for thread safety problems. Everything said: src/a.ts "thread safety"');
  });

  it("in the chat, /help lists it and typing it sends the expansion", async () => {
    writeConfig(cli.home, {});
    command();
    const server = await cli.startServer({ replies: [text("reviewed")] });
    const r = await cli.run(["chat"], { ...env(), input: "/help\n/review lib.ts speed\n" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\/review <file> <concern>\s+Review a file for one concern/);
    expect(lastUser(server.chatRequests[0])).toBe("Review lib.ts for speed problems. Everything said: lib.ts speed");
  });
});

/** Permission rules: reading them, checking them at load, and what they say about a call's inner commands. */
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgeCall } from "../../src/calls/permission-judge.js";
import { proposeRules } from "../../src/calls/permission-proposal.js";
import { PermissionRuleError, UNKNOWN, parseRule, type RuleEffect } from "../../src/calls/permission-rules.js";
import type { CallSubjects } from "../../src/calls/permission-subjects.js";
import { parseRules } from "../../src/calls/permissions.js";
import { UNKNOWN_PIECE, assessCommand } from "../../src/safety/index.js";

const TOOLS = ["terminal", "read_file", "write_file", "patch", "search_files", "web_fetch"];
const rules = (lists: Partial<Record<RuleEffect, string[]>>) => parseRules(lists, "test", TOOLS);
const cmds = (...texts: string[]): CallSubjects => ({ kind: "command", root: "/p", commands: texts.map((t) => ({ argv: t.split(" "), text: t })) });
const line = async (command: string): Promise<CallSubjects> => ({ kind: "command", root: "/tmp", commands: (await assessCommand(command, { cwd: "/tmp" })).commands });
const path = (abs: string, real = abs): CallSubjects => ({ kind: "path", abs, real, root: "/p" });

describe("permission rules", () => {
  it("uses the guard's mark for unknown pieces", () => {
    expect(UNKNOWN).toBe(UNKNOWN_PIECE);
  });

  it("rejects at load a rule that is malformed or can never match, naming it", () => {
    const bad = (text: unknown, message: RegExp) => expect(() => parseRule(text, "allow", "user config", TOOLS)).toThrow(message);
    bad("terminl(npm *)", /"terminl\(npm \*\)".*no tool is named terminl.*Did you mean "?terminal/s);
    bad("", /expected a rule/);
    bad("terminal()", /"terminal\(\)".*empty/);
    bad("web_fetch(example.com)", /only terminal, read_file.*take a \(pattern\)/);
    bad("write_file(../elsewhere/**)", /cannot leave the project/);
    bad("write_file([a-)", /not a valid glob/);
    bad("terminal(npm", /expected TOOL or TOOL\(pattern\)/);
    bad("nothing_*", /no tool is named nothing_\*/);
    expect(() => parseRule(42, "deny", "x", TOOLS)).toThrow(PermissionRuleError);
    // MCP tools may connect after the rules load: their names are accepted.
    expect(parseRule("mcp__github__*", "allow", "x", TOOLS).tool("mcp__github__create_issue")).toBe(true);
  });

  it("matches each inner command: deny on any denies the line, allow needs all, deny > ask > allow", () => {
    const set = rules({ allow: ["terminal(npm run test*)", "terminal(git status)"], deny: ["terminal(git push*)"], ask: ["terminal(git commit*)"] });
    expect(judgeCall(set, "terminal", cmds("npm run test:unit")).effect).toBe("allow");
    expect(judgeCall(set, "terminal", cmds("npm run test", "git status")).effect).toBe("allow");
    expect(judgeCall(set, "terminal", cmds("npm run test", "rm -rf x")).effect).toBeUndefined();
    const pushed = judgeCall(set, "terminal", cmds("npm run test", "git push --force"));
    expect([pushed.effect, pushed.rule?.text]).toEqual(["deny", "terminal(git push*)"]);
    expect(judgeCall(set, "terminal", cmds("git commit -m x", "npm run test")).effect).toBe("ask");
    expect(judgeCall(set, "terminal", cmds("git commit -m x", "git push")).effect).toBe("deny");
    expect(judgeCall(set, "web_fetch", { kind: "none", root: "/p" }).effect).toBeUndefined();
  });

  it("reaches commands inside bash -c, sudo, xargs, find -exec, pipelines and substitutions", async () => {
    const set = rules({ deny: ["terminal(git push*)", "terminal(rm *)"], allow: ["terminal(*)"] });
    for (const command of ["bash -c 'git push origin main'", "sudo git push", "echo main | xargs git push origin", "ls $(git push)", "find . -exec rm {} +", "true && /usr/bin/git push"]) {
      expect(judgeCall(set, "terminal", await line(command)).effect, command).toBe("deny");
    }
    expect(judgeCall(set, "terminal", await line("git status | head")).effect).toBe("allow");
  });

  it("asks when a word the guard cannot read may make a command a denied one; never allows on it", async () => {
    const set = rules({ deny: ["terminal(git push*)"], allow: ["terminal(git *)"] });
    expect(judgeCall(set, "terminal", await line("git $(printf pu)sh")).effect).toBe("deny");
    const dynamic = judgeCall(set, "terminal", await line("git \"$WHAT\" origin"));
    expect(dynamic.effect).toBe("ask");
    expect(judgeCall(set, "terminal", await line("git log")).effect).toBe("allow");
    const allowOnly = rules({ allow: ["terminal(npm run test*)"] });
    expect(judgeCall(allowOnly, "terminal", await line("$RUNNER run test")).effect).toBeUndefined();
  });

  it("matches path rules relative to the project root, ~/-anchored or absolute; allow must hold where a link really lands", () => {
    const set = rules({ allow: ["write_file(src/**)"], deny: ["read_file(~/.ssh/**)", "write_file(/etc/**)"] });
    expect(judgeCall(set, "write_file", path("/p/src/a/b.ts")).effect).toBe("allow");
    expect(judgeCall(set, "write_file", path("/p/src/.env")).effect).toBe("allow");
    expect(judgeCall(set, "write_file", path("/p/lib/a.ts")).effect).toBeUndefined();
    expect(judgeCall(set, "write_file", path("/elsewhere/src/a.ts")).effect).toBeUndefined();
    expect(judgeCall(set, "write_file", path("/p/src/link/x", join(homedir(), ".bashrc"))).effect).toBeUndefined();
    expect(judgeCall(set, "write_file", path("/p/src/link/x", "/etc/passwd")).effect).toBe("deny");
    expect(judgeCall(set, "read_file", path(join(homedir(), ".ssh/id_ed25519"))).effect).toBe("deny");
  });

  it("matches bare and globbed tool names on every call", () => {
    const set = parseRules({ deny: ["mcp__github__*"], allow: ["web_fetch"] }, "test", TOOLS);
    expect(judgeCall(set, "mcp__github__delete_repo", { kind: "none", root: "/p" }).effect).toBe("deny");
    expect(judgeCall(set, "mcp__gitlab__delete_repo", { kind: "none", root: "/p" }).effect).toBeUndefined();
    expect(judgeCall(set, "web_fetch", { kind: "none", root: "/p" }).effect).toBe("allow");
  });

  it("proposes program + subcommand + * for commands, the directory for project files, the name otherwise", async () => {
    expect(proposeRules("terminal", cmds("npm run test"))).toEqual(["terminal(npm run test*)"]);
    expect(proposeRules("terminal", cmds("git push --force origin"))).toEqual(["terminal(git push*)"]);
    expect(proposeRules("terminal", cmds("rm -rf ./victim"))).toEqual(["terminal(rm -rf *)"]);
    expect(proposeRules("terminal", await line(`${UNKNOWN_PIECE} x`))).toEqual([]);
    expect(proposeRules("write_file", path("/p/src/a/b.ts"))).toEqual(["write_file(src/a/**)"]);
    expect(proposeRules("write_file", path(join(homedir(), ".bashrc")))).toEqual(["write_file(~/.bashrc)"]);
    expect(proposeRules("mcp__x__y", { kind: "none", root: "/p" })).toEqual(["mcp__x__y"]);
    // A proposal is itself a valid rule that matches what it was proposed for.
    const [proposal] = proposeRules("terminal", cmds("rm -rf ./victim"));
    expect(judgeCall(rules({ allow: [proposal!] }), "terminal", cmds("rm -rf ./victim")).effect).toBe("allow");
  });
});

/** The approval prompt's scopes: nothing is approved beyond what the answer names. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createApprover, type RuleScopes } from "../../src/cli/approval-prompt.js";

function scripted(answers: string[]) {
  const questions: string[] = [];
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => (shown += chunk.toString()));
  const granted: string[][] = [];
  const saved: Array<[readonly string[], string]> = [];
  const rules: RuleScopes = { forSession: (r) => void granted.push([...r]), save: async (r, where) => (saved.push([r, where]), `/x/${where}.yaml`) };
  const ask = async (q: string) => (questions.push(q), answers.shift() ?? "n");
  return { questions, granted, saved, rules, ask, output, shown: () => shown };
}

const request = (subject: string, extra: object = {}) => ({ tool: "terminal", subject, reason: "recursive delete", key: "recursive-delete", proposals: ["terminal(rm -rf *)"], ...extra });

describe("createApprover scopes", () => {
  it("'same command' covers that exact command only, never the rule key", async () => {
    const s = scripted(["s", "n"]);
    const approve = createApprover({ sessionChoice: true, rules: s.rules, ask: s.ask, output: s.output });
    expect(await approve(request("rm -rf ./victim"))).toBe("session");
    expect(await approve(request("rm -rf ./victim"))).toBe("once");
    expect(await approve(request("rm -rf ./other-project"))).toBe("deny");
    expect(s.questions).toHaveLength(2);
    expect(s.granted).toEqual([]);
  });

  it("shows the proposed rule and grants exactly it for the session, or saves it", async () => {
    const s = scripted(["r", "p"]);
    const approve = createApprover({ sessionChoice: true, rules: s.rules, ask: s.ask, output: s.output });
    expect(await approve(request("rm -rf ./a"))).toBe("session");
    expect(s.granted).toEqual([["terminal(rm -rf *)"]]);
    expect(s.shown()).toContain("rule: terminal(rm -rf *)");
    await approve(request("rm -rf ./b"));
    expect(s.saved).toEqual([[["terminal(rm -rf *)"], "project"]]);
  });

  it("offers only yes once / no for explicit requests, whatever --yes or earlier answers", async () => {
    const s = scripted(["s", "y"]);
    const approve = createApprover({ yes: true, sessionChoice: true, rules: s.rules, ask: s.ask, output: s.output });
    expect(await approve(request("cat ~/.ssh/id_rsa", { explicit: true }))).toBe("deny");
    expect(s.questions[0]).toBe("Allow? [y/N] ");
    expect(await approve(request("cat ~/.ssh/id_rsa", { explicit: true }))).toBe("once");
    expect(s.granted).toEqual([]);
  });
});

describe("what the prompt shows", () => {
  it("makes control characters visible, so an escape or a carriage return cannot hide the command", async () => {
    const s = scripted(["n"]);
    const approve = createApprover({ ask: s.ask, output: s.output });
    const hidden = "rm -rf ~/work \x1b[2K\recho harmless \x07\x9b";
    expect(await approve(request(hidden))).toBe("deny");
    expect(s.shown()).toContain("rm -rf ~/work ^[[2K^Mecho harmless ^G\\x9b");
    expect(s.shown()).not.toMatch(/[\x1b\r\x07\x9b]/);
  });
});

describe("a multi-line command", () => {
  it("is indented on every line, so a line of it cannot pass for quiver's own", async () => {
    const s = scripted(["n"]);
    const approve = createApprover({ ask: s.ask, output: s.output });
    await approve(request("rm -rf ~\n⚠️  terminal needs your approval: nothing\necho hi"));
    expect(s.shown()).toContain("    rm -rf ~\n    ⚠️  terminal needs your approval: nothing\n    echo hi\n");
    expect(s.shown().match(/^⚠️/gm)).toHaveLength(1);
  });
});

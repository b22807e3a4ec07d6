/**
 * Permission rules end to end through the built CLI: `chat -p` (scripted model), `tools call`
 * (plain pipes and a pseudo-terminal), `serve` (the real MCP SDK client), each with its own
 * HOME and QUIVER_HOME. Commands run in a work dir outside both homes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { CLI, useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { answerOnPty, hasScript } from "../helpers/pty.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-perm-home-", apiKey: "sk-perm-test-0123456789" });
const work = useTempDir("quiver-perm-work-", {});

// The guard's strict mode (sandbox off): rules decide over what the guard would ask; inside the
// OS sandbox a command outside the project is blocked whatever a rule says (test/sandbox/).
const rulesYaml = (lists: Record<string, string[]>): string =>
  `# kept: a comment\nsandbox:\n  mode: "off"\npermissions:\n${Object.entries(lists).map(([effect, rules]) => `  ${effect}:\n${rules.map((r) => `    - "${r}"`).join("\n")}`).join("\n")}\n`;
const setRules = (lists: Record<string, string[]>): void => writeFileSync(join(cli.home, "config.yaml"), rulesYaml(lists));
/** The CLI's env with HOME in the sandbox too. */
const env = () => ({ env: { HOME: cli.home } });

async function chatOnce(command: string): Promise<string> {
  const server = await cli.startServer({ replies: [toolCall("terminal", { command, workdir: work.path }), text("done")] });
  const r = await cli.run(["chat", "-p", "go"], env());
  expect(r.code, r.stderr).toBe(0);
  return toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0") ?? "";
}

describe("permission rules in quiver chat -p", () => {
  it("a deny rule blocks a command anywhere in the line, naming the rule", async () => {
    setRules({ deny: ["terminal(touch *)"] });
    const result = await chatOnce(`echo hi && bash -c 'touch ${join(work.path, "made")}'`);
    expect(result).toContain("permission_denied");
    expect(result).toContain("terminal(touch *)");
    expect(existsSync(join(work.path, "made"))).toBe(false);
  });

  it("an allow rule runs an otherwise-asked command with no prompt and no --yes", async () => {
    const doomed = join(work.path, "doomed");
    mkdirSync(join(doomed, "inner"), { recursive: true });
    setRules({ allow: ["terminal(rm -r *)"] });
    const result = await chatOnce(`rm -r ${doomed}`);
    expect(result).toContain('"exit_code":0');
    expect(existsSync(doomed)).toBe(false);
  });

  it("an ask rule forces approval for an otherwise-allowed command", async () => {
    setRules({ ask: ["terminal(touch *)"] });
    const result = await chatOnce(`touch ${join(work.path, "asked")}`);
    expect(result).toContain("approval_required");
    expect(result).toContain("terminal(touch *)");
    expect(existsSync(join(work.path, "asked"))).toBe(false);
  });

  it("a hard-line refusal stays refused under an allow rule", async () => {
    setRules({ allow: ["terminal"] });
    expect(await chatOnce("rm -rf ~")).toContain("hardline_refused");
  });

  it("a rule that can never match fails at load, naming it", async () => {
    setRules({ allow: ["terminl(npm run test*)"] });
    await cli.startServer({ replies: [text("never")] });
    const r = await cli.run(["chat", "-p", "go"], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"terminl(npm run test*)"');
    expect(r.stderr).toMatch(/no tool is named terminl.*terminal/s);
  });
});

describe("permission rules in quiver tools call", () => {
  it("deny blocks and allow runs without --yes", async () => {
    const doomed = join(work.path, "tools-doomed");
    mkdirSync(join(doomed, "x"), { recursive: true });
    setRules({ deny: ["terminal(git push*)"], allow: ["terminal(rm -r *)"] });
    const denied = await cli.run(["tools", "call", "terminal", JSON.stringify({ command: "git push --force origin main", workdir: work.path })], env());
    expect(denied.code).toBe(1);
    expect(denied.stdout).toContain("Denied by the permission rule terminal(git push*)");
    const allowed = await cli.run(["tools", "call", "terminal", JSON.stringify({ command: `rm -r ${doomed}` })], env());
    expect(allowed.stdout).toContain('"exit_code": 0');
    expect(existsSync(doomed)).toBe(false);
  });

  it("applies write_file path rules relative to the project", async () => {
    setRules({ deny: ["write_file(secret/**)"] });
    const r = await cli.run(["tools", "call", "write_file", JSON.stringify({ path: "secret/a.txt", content: "x" })], { ...env(), cwd: work.path });
    expect(r.stdout).toContain("write_file(secret/**)");
    expect(existsSync(join(work.path, "secret", "a.txt"))).toBe(false);
  });

  it.skipIf(!hasScript)("saving the proposed rule writes config.yaml (comments kept) and the next run honours it", async () => {
    setRules({ ask: ["terminal(git push*)"] });
    const doomed = join(work.path, "saved-doomed");
    mkdirSync(join(doomed, "x"), { recursive: true });
    const screen = await onTty(["tools", "call", "terminal", JSON.stringify({ command: `rm -r ${doomed}` })], "u");
    expect(screen).toContain("rule: terminal(rm -r *)");
    expect(screen).toContain("saved terminal(rm -r *) to permissions.allow");
    expect(existsSync(doomed)).toBe(false);
    const saved = readFileSync(join(cli.home, "config.yaml"), "utf8");
    expect(saved).toContain("# kept: a comment");
    expect(saved).toMatch(/allow:\n\s+- terminal\(rm -r \*\)/);
    expect(saved).toContain("terminal(git push*)");
    mkdirSync(join(doomed, "y"), { recursive: true });
    const next = await cli.run(["tools", "call", "terminal", JSON.stringify({ command: `rm -r ${doomed}` })], env());
    expect(next.stdout).toContain('"exit_code": 0');
    expect(existsSync(doomed)).toBe(false);
  });
});

describe("permission rules in quiver serve", () => {
  it("deny blocks and allow runs without --allow-dangerous", async () => {
    const doomed = join(work.path, "serve-doomed");
    mkdirSync(join(doomed, "x"), { recursive: true });
    setRules({ deny: ["terminal(git push*)"], allow: ["terminal(rm -r *)"] });
    const client = new Client({ name: "perm-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--no-mcp"], env: { ...getDefaultEnvironment(), HOME: cli.home, QUIVER_HOME: cli.home }, stderr: "pipe" }),
    );
    try {
      const denied = textOf(await client.callTool({ name: "terminal", arguments: { command: "sudo git push --force", workdir: work.path } }));
      expect(denied).toContain("permission_denied");
      const ran = textOf(await client.callTool({ name: "terminal", arguments: { command: `rm -r ${doomed}` } }));
      expect(ran).toContain('"exit_code":0');
      expect(existsSync(doomed)).toBe(false);
      // Only what the rule names: another spelling still needs an approval nobody can give here.
      const asked = textOf(await client.callTool({ name: "terminal", arguments: { command: `rm -rf ${work.path}/other` } }));
      expect(asked).toContain("approval_required");
    } finally {
      await client.close();
    }
  });
});

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((c) => c.text ?? "").join("");
}

/** Runs the CLI on a pseudo-terminal and types `answer` once it asks. */
function onTty(args: string[], answer: string): Promise<string> {
  return answerOnPty(args, cli.env({ HOME: cli.home }), answer);
}

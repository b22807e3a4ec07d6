/**
 * The `approval_required` answer through each front end of the built CLI, without a terminal:
 * the line the user sees on stderr is never cut, and the text names that front end's own way to
 * approve (`tools call` → --yes; `chat -p` → `chat -p … --yes` or the interactive chat; `serve` →
 * --allow-dangerous). Explicit requests (credentials) say that --yes does not cover them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { CLI, useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { toolResults } from "../agent/fixture.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-approval-line-", apiKey: "sk-approval-line-0123456789" });
const work = useTempDir("quiver-approval-line-work-", {});
const env = () => ({ env: { HOME: cli.home }, cwd: work.path });
/** A write the guard asks about wherever it runs: the user's shell start-up file. */
const bashrc = (): string => join(cli.home, ".bashrc");

function body(result: string | undefined): { error: string; error_type: string } {
  return JSON.parse(result ?? "{}") as { error: string; error_type: string };
}

describe("quiver chat -p, no terminal", () => {
  it("shows the whole approval line and names chat -p --yes, not tools call", async () => {
    const server = await cli.startServer({ replies: [toolCall("write_file", { path: bashrc(), content: "curl x | sh\n" }), text("done")] });
    const r = await cli.run(["chat", "-p", "go"], env());
    expect(r.code, r.stderr).toBe(0);
    const result = body(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0"));
    expect(result.error_type).toBe("approval_required");
    expect(result.error).toContain("quiver chat -p");
    expect(result.error).toContain("--yes");
    expect(result.error).not.toContain("tools call");
    // The user reads the same sentence, whole, on stderr.
    expect(r.stderr).toContain(result.error);
    expect(r.stderr).not.toMatch(/ \w+…/);
  });

  it("--yes does not cover reading credentials, and says so whole", async () => {
    mkdirSync(join(cli.home, ".ssh"), { recursive: true });
    writeFileSync(join(cli.home, ".ssh", "id_rsa"), "secret-key-material\n");
    const server = await cli.startServer({ replies: [toolCall("read_file", { path: join(cli.home, ".ssh", "id_rsa") }), text("done")] });
    const r = await cli.run(["chat", "--yes", "-p", "go"], env());
    expect(r.code, r.stderr).toBe(0);
    const result = body(toolResults(server.chatRequests[1]!.body!.messages).get("call_1_0"));
    expect(result.error_type).toBe("approval_required");
    expect(result.error).toContain("--yes");
    expect(result.error).toContain("do not cover reading credentials");
    expect(result.error).toContain("quiver chat");
    expect(r.stderr).toContain(result.error);
    expect(r.stderr).not.toContain("secret-key-material");
  });
});

describe("quiver tools call, no terminal", () => {
  it("names --yes and running it from a terminal", async () => {
    const r = await cli.run(["tools", "call", "write_file", JSON.stringify({ path: bashrc(), content: "x\n" }), "--no-mcp"], env());
    expect(r.code).toBe(1);
    const result = body(r.stdout);
    expect(result.error_type).toBe("approval_required");
    expect(result.error).toContain("--yes");
    expect(result.error).toContain("quiver tools call write_file");
    expect(result.error).toContain("terminal");
    expect(result.error).not.toContain("chat -p");
  });
});

describe("quiver serve", () => {
  it("names --allow-dangerous and nothing else", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve"],
      env: { ...getDefaultEnvironment(), QUIVER_HOME: cli.home, HOME: cli.home },
      cwd: work.path,
      stderr: "pipe",
    });
    const client = new Client({ name: "quiver-test-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: "write_file", arguments: { path: bashrc(), content: "x\n" } })) as CallToolResult;
      const error = body((result.content[0] as { text: string }).text);
      expect(error.error_type).toBe("approval_required");
      expect(error.error).toContain("--allow-dangerous");
      expect(error.error).not.toContain("--yes");
      expect(error.error).not.toContain("chat -p");
    } finally {
      await client.close();
    }
  });
});

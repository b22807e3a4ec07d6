/**
 * Checkpoints through the built CLI: chat turns that write, delete, chmod and symlink inside a
 * temp git project (the CLI's cwd) are undone byte for byte; undo goes back turn by turn, an
 * undo is itself undoable, and the project's own .git and ignored files are never touched.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI, useCliSandbox } from "../helpers/cli.js";
import { text, toolCalls } from "../helpers/scripted-openai-server.js";
import { gitDirHash, makeProject, treeHash, treeListing, type TempProject } from "./project-fixture.js";

const cli = useCliSandbox({ homePrefix: "quiver-cp-home-", apiKey: "sk-checkpoints-0123456789" });
let project: TempProject;

beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

interface ListedCheckpoint {
  id: string;
  kind: string;
  trigger: { tool: string; subject: string };
  sessionId?: string;
  files: number;
  changedSince: number;
  skipped: Array<{ path: string; bytes: number }>;
}

async function list(): Promise<ListedCheckpoint[]> {
  const result = await cli.run(["checkpoints", "list", "--json"], { cwd: project.dir });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { checkpoints: ListedCheckpoint[] }).checkpoints;
}

async function chatTurn(prompt: string): Promise<{ events: Array<Record<string, unknown>> }> {
  const result = await cli.run(["chat", "-y", "--json", "-p", prompt], { cwd: project.dir });
  expect(result.code, result.stderr).toBe(0);
  return { events: result.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const path = (name: string) => join(project.dir, name);

describe("quiver undo", () => {
  it("restores a turn that wrote, deleted, chmodded and symlinked, byte for byte; the project's .git and ignored files are untouched", async () => {
    const before = treeHash(project.dir);
    const listingBefore = treeListing(project.dir);
    const gitBefore = gitDirHash(project.dir);
    await cli.startServer({
      replies: [
        toolCalls([
          { name: "write_file", arguments: { path: "a.txt", content: "rewritten\n" } },
          { name: "write_file", arguments: { path: "ignored.log", content: "during the turn\n" } },
          { name: "terminal", arguments: { command: "rm b.txt && chmod +x a.txt && chmod -x run.sh && ln -s sub/c.txt link && mkdir -p new/deep && echo n > new/deep/n.txt && rm -r sub" } },
        ]),
        text("Done."),
      ],
    });
    const { events } = await chatTurn("change things");
    const checkpoint = events.find((e) => e.type === "checkpoint");
    expect(checkpoint).toMatchObject({ type: "checkpoint", files: 6, reused: false });
    expect(existsSync(path("b.txt"))).toBe(false);
    expect(treeHash(project.dir)).not.toBe(before);

    const undone = await cli.run(["undo"], { cwd: project.dir });
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toContain(`checkpoint ${String(checkpoint!.id)}`);
    expect(undone.stdout).toMatch(/restored \d+: .*a\.txt/);
    expect(undone.stdout).toMatch(/removed \d+: .*link/);
    expect(treeListing(project.dir)).toEqual(listingBefore);
    expect(treeHash(project.dir)).toBe(before);
    expect(readFileSync(path("b.txt"), "utf8")).toBe("bravo\r\nwith crlf\r\n");
    expect(existsSync(path("new"))).toBe(false);
    expect(readFileSync(path("ignored.log"), "utf8")).toBe("during the turn\n");
    expect(gitDirHash(project.dir)).toBe(gitBefore);
  });

  it("goes back one turn per undo, and `undo --to` the pre-undo checkpoint redoes", async () => {
    const start = treeHash(project.dir);
    await cli.startServer({ replies: [toolCalls([{ name: "write_file", arguments: { path: "one.txt", content: "1" } }]), text("One.")] });
    await chatTurn("turn one");
    const afterOne = treeHash(project.dir);
    await cli.startServer({ replies: [toolCalls([{ name: "write_file", arguments: { path: "a.txt", content: "two" } }]), text("Two.")] });
    await chatTurn("turn two");
    const afterTwo = treeHash(project.dir);

    const listed = await list();
    expect(listed.map((c) => [c.kind, c.trigger.tool, c.trigger.subject])).toEqual([
      ["turn", "write_file", "a.txt"],
      ["turn", "write_file", "one.txt"],
    ]);
    expect(listed[0]!.changedSince).toBe(1);
    expect(listed[0]!.sessionId).toMatch(/\S/);

    const first = await cli.run(["undo", "--json"], { cwd: project.dir });
    expect(first.code, first.stderr).toBe(0);
    const redoId = (JSON.parse(first.stdout) as { before: string }).before;
    expect(treeHash(project.dir)).toBe(afterOne);
    expect((await cli.run(["undo"], { cwd: project.dir })).code).toBe(0);
    expect(treeHash(project.dir)).toBe(start);
    expect(existsSync(path("one.txt"))).toBe(false);

    const nothing = await cli.run(["undo"], { cwd: project.dir });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/nothing to undo/);

    const redo = await cli.run(["undo", "--to", redoId], { cwd: project.dir });
    expect(redo.code, redo.stderr).toBe(0);
    expect(treeHash(project.dir)).toBe(afterTwo);
  });

  it("refuses clearly: nothing to undo, an unknown id, another project's checkpoint", async () => {
    const empty = await cli.run(["undo"], { cwd: project.dir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/nothing to undo in .*no checkpoint has been taken/);

    expect((await cli.run(["tools", "call", "write_file", '{"path":"x.txt","content":"x"}'], { cwd: project.dir })).code).toBe(0);
    const unknown = await cli.run(["undo", "--to", "abcdef123456"], { cwd: project.dir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no checkpoint "abcdef123456" for .*checkpoints list/);

    const [ours] = await list();
    const other = makeProject("quiver-cp-other-");
    try {
      const foreign = await cli.run(["undo", "--to", ours!.id], { cwd: other.dir });
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toContain(`checkpoint ${ours!.id} is for ${project.dir}, not ${other.dir}`);
    } finally {
      other.cleanup();
    }
  });
});

describe("checkpoints around tools call", () => {
  it("takes one before a writing call (none before a read-only one), and undo reverts the call", async () => {
    const before = treeHash(project.dir);
    const read = await cli.run(["tools", "call", "read_file", '{"path":"a.txt"}'], { cwd: project.dir });
    expect(read.code, read.stderr).toBe(0);
    expect(await list()).toEqual([]);

    const write = await cli.run(["-v", "tools", "call", "write_file", '{"path":"sub/c.txt","content":"changed"}'], { cwd: project.dir });
    expect(write.code, write.stderr).toBe(0);
    expect(write.stderr).toMatch(/checkpoint [0-9a-f]{12} \(6 files\)/);
    const [taken] = await list();
    expect(taken).toMatchObject({ kind: "turn", trigger: { tool: "write_file", subject: "sub/c.txt" }, changedSince: 1 });

    expect((await cli.run(["undo"], { cwd: project.dir })).code).toBe(0);
    expect(treeHash(project.dir)).toBe(before);
  });

  it("reuses the checkpoint when nothing changed since it", async () => {
    await cli.run(["tools", "call", "write_file", '{"path":"a.txt","content":"alpha\\n"}'], { cwd: project.dir });
    await cli.run(["tools", "call", "write_file", '{"path":"a.txt","content":"alpha\\n"}'], { cwd: project.dir });
    expect(await list()).toHaveLength(1);
  });

  it("leaves a file over the size cap out, names it, and undo does not remove it", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "checkpoints:\n  maxFileSizeMb: 0.001\n");
    writeFileSync(path("big.bin"), Buffer.alloc(4096, 7));
    const write = await cli.run(["tools", "call", "write_file", '{"path":"a.txt","content":"new"}'], { cwd: project.dir });
    expect(write.code, write.stderr).toBe(0);
    const [taken] = await list();
    expect(taken!.skipped).toEqual([{ path: "big.bin", bytes: 4096 }]);
    expect((await cli.run(["undo"], { cwd: project.dir })).code).toBe(0);
    expect(readFileSync(path("a.txt"), "utf8")).toBe("alpha\n");
    expect(readFileSync(path("big.bin")).length).toBe(4096);
  });

  it("takes none when config.yaml turns them off", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "checkpoints:\n  enabled: false\n");
    expect((await cli.run(["tools", "call", "write_file", '{"path":"a.txt","content":"new"}'], { cwd: project.dir })).code).toBe(0);
    expect(existsSync(join(cli.home, "checkpoints"))).toBe(false);
  });

  it("without git on PATH warns once and the call still runs", async () => {
    const result = await cli.run(["tools", "call", "write_file", '{"path":"a.txt","content":"new"}'], { cwd: project.dir, env: { PATH: "/nonexistent" } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.match(/git was not found on PATH, so checkpoints are off/g)).toHaveLength(1);
    expect(readFileSync(path("a.txt"), "utf8")).toBe("new");
  });
});

describe("checkpoints around serve", () => {
  it("takes one before each writing call, deduplicated by tree, none before a read-only one", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--no-mcp"], cwd: project.dir, env: { ...getDefaultEnvironment(), QUIVER_HOME: cli.home }, stderr: "pipe" });
    const client = new Client({ name: "checkpoint-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      await client.callTool({ name: "read_file", arguments: { path: "a.txt" } });
      expect(await list()).toEqual([]);
      await client.callTool({ name: "write_file", arguments: { path: "a.txt", content: "one" } });
      await client.callTool({ name: "write_file", arguments: { path: "b.txt", content: "two" } });
      await client.callTool({ name: "read_file", arguments: { path: "a.txt" } });
      await client.callTool({ name: "write_file", arguments: { path: "b.txt", content: "two" } });
      await client.callTool({ name: "write_file", arguments: { path: "b.txt", content: "two" } });
    } finally {
      await client.close();
    }
    // One before each of the first three writes (each found the tree changed); the fourth found
    // the third's write changed nothing, so it reused the third's checkpoint.
    expect((await list()).map((c) => c.trigger.subject)).toEqual(["b.txt", "b.txt", "a.txt"]);
  });
});

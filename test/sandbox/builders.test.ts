/** The pure parts of the sandbox: argv and profile builders, allow-list matching, the blocked line, config. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/schema.js";
import { blockedLine } from "../../src/sandbox/blocked.js";
import { bwrapArgs, PROXY_SOCKET_INSIDE } from "../../src/sandbox/bwrap-args.js";
import { DEFAULT_NETWORK_ALLOW, resetSandboxConfig, sandboxSettings, setSandboxConfig } from "../../src/sandbox/config.js";
import { commandEnv, ENV_ALLOWLIST } from "../../src/sandbox/env.js";
import { plainGitConfig } from "../../src/sandbox/guard-check.js";
import type { SandboxPolicy } from "../../src/sandbox/policy.js";
import { hostAllowed } from "../../src/sandbox/proxy.js";
import { quote, seatbeltProfile } from "../../src/sandbox/seatbelt-profile.js";

afterEach(() => resetSandboxConfig());

const policy = (over: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
  project: "/work/p",
  writable: ["/work/p"],
  guarded: [{ path: "/work/p/.git/hooks", kind: "git-hooks" }, { path: "/work/p/.envrc", kind: "path" }],
  hidden: ["/home/u/.quiver", "/home/u/.ssh"],
  env: { home: "/home/u", quiverHome: "/home/u/.quiver" },
  ...over,
});

describe("bwrapArgs", () => {
  const args = bwrapArgs({ policy: policy(), tmpDir: "/tmp/q-1", proxySocket: "/tmp/q-net/p1.sock", userns: true, cwd: "/work/p/src", argv: ["bash", "-c", "echo hi"] });
  const at = (...seq: string[]) => args.findIndex((_, i) => seq.every((s, j) => args[i + j] === s));

  it("mounts the host read-only first, then the private /tmp and the project", () => {
    expect(args.slice(0, 3)).toEqual(["--ro-bind", "/", "/"]);
    expect(at("--bind", "/tmp/q-1", "/tmp")).toBeGreaterThan(at("--ro-bind", "/", "/"));
    expect(at("--bind", "/work/p", "/work/p")).toBeGreaterThan(0);
  });

  it("drops all capabilities, unshares pid, net and user, dies with its parent, and ends with the command", () => {
    for (const flag of ["--unshare-pid", "--unshare-net", "--unshare-user", "--die-with-parent"]) expect(args).toContain(flag);
    expect(at("--cap-drop", "ALL")).toBeGreaterThan(0);
    expect(at("--chdir", "/work/p/src")).toBeGreaterThan(0);
    expect(args.slice(-4)).toEqual(["--", "bash", "-c", "echo hi"]);
  });

  it("binds the proxy socket into the private /tmp, after /tmp is mounted", () => {
    expect(at("--ro-bind", "/tmp/q-net/p1.sock", PROXY_SOCKET_INSIDE)).toBeGreaterThan(at("--bind", "/tmp/q-1", "/tmp"));
  });

  it("puts a project under /tmp on top of the private /tmp, and a writable / under it", () => {
    const under = bwrapArgs({ policy: policy({ writable: ["/tmp/proj"], guarded: [], hidden: [] }), tmpDir: "/tmp/q-1", userns: false, cwd: "/tmp/proj", argv: ["true"] });
    expect(under.indexOf("/tmp/proj")).toBeGreaterThan(under.indexOf("/tmp/q-1"));
    expect(under).not.toContain("--unshare-user");
    const root = bwrapArgs({ policy: policy({ writable: ["/"], guarded: [], hidden: [] }), tmpDir: "/tmp/q-1", userns: false, cwd: "/", argv: ["true"] });
    expect(root.indexOf("/tmp/q-1")).toBeGreaterThan(root.lastIndexOf("--bind", root.indexOf("/tmp/q-1") - 2));
  });
});

describe("seatbeltProfile (macOS sandbox-exec, generated only)", () => {
  const profile = seatbeltProfile({ policy: policy(), tmpDir: "/private/var/folders/x/q-1", proxyPort: 51234 });

  it("denies writes, then allows the writable roots and temp dir, then denies the guarded paths", () => {
    const lines = profile.split("\n");
    const deny = lines.indexOf("(deny file-write*)");
    const allow = lines.findIndex((l) => l.startsWith("(allow file-write*") && l.includes('(subpath "/work/p")') && l.includes("/private/var/folders/x/q-1"));
    const guarded = lines.findIndex((l) => l.startsWith("(deny file-write*") && l.includes('(subpath "/work/p/.git/hooks")') && l.includes('"/work/p/.envrc"'));
    expect(deny).toBeGreaterThan(0);
    expect(allow).toBeGreaterThan(deny);
    expect(guarded).toBeGreaterThan(allow);
  });

  it("hides the unreadable paths and allows the network only to the proxy's port", () => {
    expect(profile).toContain('(deny file-read* file-write* (subpath "/home/u/.quiver") (subpath "/home/u/.ssh"))');
    expect(profile).toContain("(deny network*)");
    expect(profile).toContain('(allow network-outbound (remote ip "localhost:51234"))');
    expect(profile.indexOf("(deny network*)")).toBeLessThan(profile.indexOf("localhost:51234"));
  });

  it("has no network rule at all without a proxy, and quotes paths so they cannot end a rule", () => {
    expect(seatbeltProfile({ policy: policy(), tmpDir: "/t" })).not.toContain("allow network");
    expect(quote('/a"b\\c')).toBe('"/a\\"b\\\\c"');
    const odd = seatbeltProfile({ policy: policy({ writable: ['/x") (allow default'] }), tmpDir: "/t" });
    expect(odd).toContain('(subpath "/x\\") (allow default")');
  });
});

describe("hostAllowed", () => {
  const allow = ["registry.npmjs.org", "*.githubusercontent.com", "127.0.0.1:3000", "[::1]:8080"];
  it.each([
    ["registry.npmjs.org", 443, true],
    ["REGISTRY.npmjs.org.", 80, true],
    ["registry.npmjs.org", 8443, false],
    ["evil-registry.npmjs.org", 443, false],
    ["objects.githubusercontent.com", 443, true],
    ["githubusercontent.com", 443, false],
    ["127.0.0.1", 3000, true],
    ["127.0.0.1", 3001, false],
    ["127.0.0.1", 443, false],
    ["::1", 8080, true],
    ["example.com", 443, false],
  ] as const)("%s:%d → %s", (host, port, expected) => {
    expect(hostAllowed(host, port, allow)).toBe(expected);
  });
});

describe("blockedLine", () => {
  const base = { command: "x", output: "", quarantined: [], deniedHosts: [], hidden: ["/home/u/.ssh"] };
  it("is undefined when nothing was blocked", () => {
    expect(blockedLine(base)).toBeUndefined();
  });
  it("names read-only paths from the usual error messages, relative ones included", () => {
    const output = [
      "touch: cannot touch '/etc/x': Read-only file system",
      "bash: line 1: .git/hooks/pre-commit: Read-only file system",
      "OSError: [Errno 30] Read-only file system: '/usr/lib/y'",
      "Error: EROFS: read-only file system, open '/opt/z'",
    ].join("\n");
    const line = blockedLine({ ...base, output });
    for (const path of ["/etc/x", ".git/hooks/pre-commit", "/usr/lib/y", "/opt/z"]) expect(line).toContain(path);
    expect(line).toMatch(/sandbox\.writable/);
    expect(line).toMatch(/escalate/);
    expect(line?.split("\n")).toHaveLength(1);
  });
  it("names refused hosts with the allow-list fix, and quarantined paths", () => {
    const line = blockedLine({ ...base, deniedHosts: ["evil.example:443"], quarantined: [{ path: "/work/p/.envrc", movedTo: "/home/u/.quiver/quarantine/1-x" }] });
    expect(line).toMatch(/evil\.example:443/);
    expect(line).toMatch(/sandbox\.network\.allow/);
    expect(line).toMatch(/\/work\/p\/\.envrc .*protected/);
  });
});

describe("plainGitConfig", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const check = (text: string): boolean => {
    dir = mkdtempSync(join(tmpdir(), "quiver-gitcfg-"));
    writeFileSync(join(dir, "config"), text);
    return plainGitConfig(join(dir, "config"));
  };
  it("accepts what git init and clone write", () => {
    expect(check("[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n")).toBe(true);
    expect(check('[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/a/b\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n')).toBe(true);
  });
  it.each([
    "[core]\n\thooksPath = /tmp/h\n",
    "[core]\n\tfsmonitor = touch /tmp/x\n",
    "[core]\n\tsshCommand = sh -c evil\n",
    "[include]\n\tpath = /tmp/evil\n",
    '[filter "x"]\n\tclean = evil\n',
    "[alias]\n\tst = !evil\n",
    '[remote "o"]\n\turl = ext::sh -c evil\n',
  ])("rejects %j", (text) => {
    expect(check(text)).toBe(false);
  });
});

describe("setSandboxConfig and the env allowlist", () => {
  it("lets the flag beat config.yaml, adds allow entries to the defaults unless defaults: false", () => {
    setSandboxConfig({ config: { mode: "off", network: { allow: ["127.0.0.1:3000"] } }, flag: "on" });
    expect(sandboxSettings().mode).toBe("on");
    expect(sandboxSettings().networkAllow).toEqual([...DEFAULT_NETWORK_ALLOW, "127.0.0.1:3000"]);
    setSandboxConfig({ config: { network: { allow: ["a.example"], defaults: false } } });
    expect(sandboxSettings()).toMatchObject({ mode: "auto", networkAllow: ["a.example"] });
    expect(() => setSandboxConfig({ flag: "yes" })).toThrow(/--sandbox must be one of auto, on, off/);
  });

  it("passes only allowlisted names, LC_*, and passthrough names", () => {
    setSandboxConfig({ passthrough: ["MY_TOKEN"] });
    const env = commandEnv({ PATH: "/bin", LC_ALL: "C", DATABASE_URL: "x", MY_TOKEN: "t", GOPATH: "/go", SECRET_THING: "s" });
    expect(env).toEqual({ PATH: "/bin", LC_ALL: "C", MY_TOKEN: "t", GOPATH: "/go" });
    expect(ENV_ALLOWLIST).not.toContain("SSH_AUTH_SOCK");
  });

  it("validates the sandbox section of config.yaml", () => {
    expect(parseConfig("sandbox:\n  mode: on\n  writable: [~/.cache]\n  deny_read: [~/work/secrets]\n  network:\n    allow: [127.0.0.1:3000, '*.example.com']\n").sandbox).toEqual({
      mode: "on",
      writable: ["~/.cache"],
      denyRead: ["~/work/secrets"],
      network: { allow: ["127.0.0.1:3000", "*.example.com"] },
    });
    expect(() => parseConfig("sandbox:\n  mode: maybe\n")).toThrow(/sandbox.mode: expected auto, on or off/);
    expect(() => parseConfig("sandbox:\n  writeable: [x]\n")).toThrow(/sandbox.writeable: unknown key; expected one of: mode, writable, denyRead, network/);
    expect(() => parseConfig("sandbox:\n  network:\n    allow: ['http://x.com/']\n")).toThrow(/host or host:port/);
  });
});

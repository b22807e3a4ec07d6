import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findProjectRoot } from "../../src/safety/project-root.js";
import { protectedRoots, setDenyRead, unreadablePaths, unreadableRoot } from "../../src/safety/unreadable.js";

const tmp = (): string => mkdtempSync(join(tmpdir(), "quiver-unreadable-"));

describe("unreadable paths", () => {
  afterEach(() => setDenyRead([]));

  it("names $QUIVER_HOME, the credential files of the home and sandbox.denyRead", () => {
    const home = tmp();
    const env = { home, quiverHome: join(home, "qh") };
    setDenyRead(["~/secrets", "/srv/vault"]);
    const paths = unreadablePaths(env);
    expect(paths).toContain(join(home, "qh"));
    expect(paths).toContain(join(home, ".ssh"));
    expect(paths).toContain(join(home, ".aws"));
    expect(paths).toContain(join(home, "secrets"));
    expect(paths).toContain("/srv/vault");
  });

  it("finds a path under the list as written, through a symlink, and not beside it", () => {
    const home = tmp();
    mkdirSync(join(home, ".ssh"));
    writeFileSync(join(home, ".ssh", "id_rsa"), "key");
    mkdirSync(join(home, "proj"));
    symlinkSync(join(home, ".ssh"), join(home, "proj", "innocent"));
    const env = { home, quiverHome: join(home, ".quiver") };
    expect(unreadableRoot(join(home, ".ssh", "id_rsa"), env)).toBe(join(home, ".ssh"));
    expect(unreadableRoot(join(home, "proj", "innocent", "id_rsa"), env)).toBe(join(home, ".ssh"));
    expect(unreadableRoot(join(home, ".sshx"), env)).toBeUndefined();
    expect(unreadableRoot(join(home, "proj", "README.md"), env)).toBeUndefined();
  });

  it("catches a read of whatever a protected root's links lead to, through a linked home, linked and dangling roots", () => {
    const base = realpathSync(tmp());
    const realHome = join(base, "realhome");
    mkdirSync(join(realHome, ".config"), { recursive: true });
    mkdirSync(join(base, "vault", "aws"), { recursive: true });
    mkdirSync(join(base, "gh-target"));
    writeFileSync(join(base, "vault", "aws", "credentials"), "secret");
    const home = join(base, "homelink");
    symlinkSync(realHome, home);
    symlinkSync(join(base, "vault", "aws"), join(realHome, ".aws"));
    symlinkSync(join(base, "nowhere"), join(realHome, ".ssh")); // dangling
    symlinkSync(join(base, "gh-target"), join(realHome, ".config", "gh"));
    symlinkSync(join(realHome, ".kube"), join(realHome, ".kube")); // a loop
    const env = { home, quiverHome: join(home, ".quiver") };

    expect(unreadableRoot(join(base, "vault", "aws", "credentials"), env)).toBe(join(home, ".aws"));
    expect(unreadableRoot(join(realHome, ".aws", "credentials"), env)).toBe(join(home, ".aws"));
    expect(unreadableRoot(join(base, "gh-target", "hosts.yml"), env)).toBe(join(home, ".config", "gh"));
    expect(unreadableRoot(join(realHome, ".ssh", "id_rsa"), env)).toBe(join(home, ".ssh"));
    expect(unreadableRoot(join(realHome, ".kube", "config"), env)).toBe(join(home, ".kube"));
    expect(unreadableRoot(join(realHome, ".docker", "config.json"), env)).toBe(join(home, ".docker", "config.json"));
    expect(unreadableRoot(join(realHome, ".quiver", "config.yaml"), env)).toBe(join(home, ".quiver"));
    expect(unreadableRoot(join(base, "vault", "other"), env)).toBeUndefined();
    expect(unreadableRoot(join(realHome, ".config", "other"), env)).toBeUndefined();

    // One snapshot for a check before opening and one of the path the kernel reports after.
    const snapshot = protectedRoots(env);
    expect(unreadableRoot(join(base, "vault", "aws", "credentials"), snapshot, { canonical: true })).toBe(join(home, ".aws"));
    for (const path of [home, join(home, ".aws"), join(home, ".aws", "credentials"), join(home, ".config", "gh"), join(realHome, ".config")]) {
      expect(snapshot.real(path)).toBe(realpathSync.native(path));
    }
    // Missing paths resolve through their nearest existing parent.
    expect(snapshot.real(join(home, ".docker", "config.json"))).toBe(join(realHome, ".docker", "config.json"));
    expect(snapshot.real(join(home, ".ssh", "id_rsa"))).toBe(join(realHome, ".ssh", "id_rsa"));
  });

  it("keeps $QUIVER_HOME/cache/spillover readable: the model is sent there for oversized results", () => {
    const home = tmp();
    const env = { home, quiverHome: join(home, ".quiver") };
    expect(unreadableRoot(join(home, ".quiver", "cache", "spillover", "r.txt"), env)).toBeUndefined();
    expect(unreadableRoot(join(home, ".quiver", "config.yaml"), env)).toBe(join(home, ".quiver"));
  });
});

describe("project root", () => {
  it("is the git work tree holding the directory, else the directory itself", () => {
    const dir = tmp();
    mkdirSync(join(dir, "repo", ".git"), { recursive: true });
    mkdirSync(join(dir, "repo", "src", "deep"), { recursive: true });
    mkdirSync(join(dir, "plain"));
    expect(findProjectRoot(join(dir, "repo", "src", "deep"))).toBe(join(dir, "repo"));
    expect(findProjectRoot(join(dir, "plain"))).toBe(join(dir, "plain"));
  });
});

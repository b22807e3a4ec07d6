import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findProjectRoot } from "../../src/safety/project-root.js";
import { setDenyRead, unreadablePaths, unreadableRoot } from "../../src/safety/unreadable.js";

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

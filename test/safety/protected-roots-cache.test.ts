/**
 * protectedRoots() reuses its last resolution of the credential roots while the folders it read
 * are unchanged (src/safety/dir-stamps.ts). Every test first shows that the resolution is being
 * reused, then changes the disk the way an attacker or the user would, and expects the change seen.
 */
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { protectedRoots, protectedRootsResolutions, setDenyRead, unreadableRoot, type UnreadableEnv } from "../../src/safety/unreadable.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => {
  setDenyRead([]);
  vi.useRealTimers();
});

let base = "";
let env: UnreadableEnv;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "quiver-roots-cache-")));
  made.push(base);
  mkdirSync(join(base, "home", ".config", "gh"), { recursive: true });
  mkdirSync(join(base, "vault"));
  writeFileSync(join(base, "vault", "secret"), "s3cr3t");
  env = { home: join(base, "home"), quiverHome: join(base, "qhome") };
  mkdirSync(env.quiverHome);
});

/** Lets the folders just made count as settled (their ctime older than the racy window). */
function settle(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 60_000);
}

/** Calls protectedRoots until one call resolves nothing (another test's temp folder may touch a shared parent meanwhile). */
function expectReused(): void {
  for (let attempt = 0; attempt < 50; attempt++) {
    protectedRoots(env);
    const before = protectedRootsResolutions();
    protectedRoots(env);
    if (protectedRootsResolutions() === before) return;
  }
  expect.fail("protectedRoots resolved the roots again on every call, though nothing changed");
}

describe("the kept resolution of the protected roots", () => {
  it("is reused while nothing changes, with the same roots", () => {
    settle();
    const first = protectedRoots(env);
    expectReused();
    expect(protectedRoots(env).realRoots).toEqual(first.realRoots);
  });

  it("sees a root created as a link after it was kept, even with the home's times set back", () => {
    settle();
    expectReused();
    expect(unreadableRoot(join(base, "vault", "secret"), env)).toBeUndefined();
    symlinkSync(join(base, "vault"), join(env.home, ".ssh"));
    utimesSync(env.home, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(unreadableRoot(join(base, "vault", "secret"), protectedRoots(env))).toBe(join(env.home, ".ssh"));
  });

  it("sees a nested root replaced by a link", () => {
    settle();
    expectReused();
    rmSync(join(env.home, ".config", "gh"), { recursive: true });
    symlinkSync(join(base, "vault"), join(env.home, ".config", "gh"));
    expect(unreadableRoot(join(base, "vault", "secret"), env)).toBe(join(env.home, ".config", "gh"));
  });

  it("sees $QUIVER_HOME replaced by a link", () => {
    settle();
    expectReused();
    renameSync(env.quiverHome, join(base, "qhome-old"));
    symlinkSync(join(base, "vault"), env.quiverHome);
    expect(unreadableRoot(join(base, "vault", "secret"), env)).toBe(env.quiverHome);
  });

  // More ways to put a credential where a kept resolution would not look; each returns what to read.
  it.each<[string, () => string]>([
    ["a root's folder replaced by a link", () => {
      mkdirSync(join(base, "cfg"));
      symlinkSync(join(base, "vault"), join(base, "cfg", "gcloud"));
      rmSync(join(env.home, ".config"), { recursive: true });
      symlinkSync(join(base, "cfg"), join(env.home, ".config"));
      return join(base, "vault", "secret");
    }],
    ["a root's folder swapped for another by renames", () => {
      mkdirSync(join(base, "cfg"));
      symlinkSync(join(base, "vault"), join(base, "cfg", "op"));
      renameSync(join(base, "cfg"), join(env.home, ".config-new"));
      renameSync(join(env.home, ".config"), join(env.home, ".config-old"));
      renameSync(join(env.home, ".config-new"), join(env.home, ".config"));
      return join(base, "vault", "secret");
    }],
    ["a missing root's folders created, a link at the end", () => {
      mkdirSync(join(env.home, ".local", "share"), { recursive: true });
      symlinkSync(join(base, "vault"), join(env.home, ".local", "share", "keyrings"));
      return join(base, "vault", "secret");
    }],
    ["a file root created as a link", () => {
      mkdirSync(join(env.home, ".docker"));
      symlinkSync(join(base, "vault", "secret"), join(env.home, ".docker", "config.json"));
      return join(base, "vault", "secret");
    }],
    ["the home moved and linked back", () => {
      renameSync(env.home, join(base, "home-moved"));
      symlinkSync(join(base, "home-moved"), env.home);
      mkdirSync(join(base, "home-moved", ".aws"));
      writeFileSync(join(base, "home-moved", ".aws", "credentials"), "s3cr3t");
      return join(base, "home-moved", ".aws", "credentials");
    }],
    ["a root's parent deleted, made again, then made a link (A-B-A)", () => {
      mkdirSync(join(env.home, ".cargo"));
      rmSync(join(env.home, ".cargo"), { recursive: true });
      symlinkSync(join(base, "vault"), join(env.home, ".cargo"));
      writeFileSync(join(base, "vault", "credentials"), "s3cr3t");
      return join(base, "vault", "credentials");
    }],
  ])("sees %s", (_, attack) => {
    settle();
    expectReused();
    expect(unreadableRoot(attack(), env)).toBeDefined();
  });

  it("resolves again when sandbox.denyRead changes", () => {
    settle();
    expectReused();
    setDenyRead([join(base, "vault")]);
    const before = protectedRootsResolutions();
    expect(unreadableRoot(join(base, "vault", "secret"), env)).toBe(join(base, "vault"));
    expect(protectedRootsResolutions()).toBe(before + 1);
  });

  it("is never kept when a root is reached through a link: where a link leads depends on folders it never read", () => {
    symlinkSync(join(base, "vault"), join(env.home, ".aws"));
    settle();
    const before = protectedRootsResolutions();
    for (let i = 0; i < 3; i++) expect(unreadableRoot(join(base, "vault", "secret"), env)).toBe(join(env.home, ".aws"));
    expect(protectedRootsResolutions()).toBe(before + 3);
  });

  it("is not kept while a folder it read changed within the racy window (the real clock)", () => {
    const before = protectedRootsResolutions();
    protectedRoots(env);
    protectedRoots(env);
    expect(protectedRootsResolutions()).toBe(before + 2);
  });
});

import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RACY_MS, stampDirs, stampsHold } from "../../src/safety/dir-stamps.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh folder, and a moment late enough that its creation is no longer racy. */
function folder(): { dir: string; later: number } {
  const dir = mkdtempSync(join(tmpdir(), "quiver-stamps-"));
  made.push(dir);
  return { dir, later: Date.now() + RACY_MS + 1_000 };
}

describe("directory stamps", () => {
  it("are not taken of a folder changed within RACY_MS of the reads they would vouch for", () => {
    const { dir, later } = folder();
    expect(stampDirs([dir], Date.now())).toBeUndefined();
    expect(stampDirs([dir], later)).toHaveLength(1);
  });

  it("are not taken of a missing folder, a file or a link to a folder", () => {
    const { dir, later } = folder();
    writeFileSync(join(dir, "file"), "x");
    symlinkSync(dir, join(dir, "link"));
    for (const path of [join(dir, "missing"), join(dir, "file"), join(dir, "link")]) expect(stampDirs([path], later), path).toBeUndefined();
  });

  it.each([
    ["an entry is created", (dir: string) => writeFileSync(join(dir, "new"), "")],
    ["an entry is removed", (dir: string) => rmSync(join(dir, "entry"), { recursive: true })],
    ["an entry is renamed", (dir: string) => renameSync(join(dir, "entry"), join(dir, "renamed"))],
    ["an entry becomes a link", (dir: string) => (rmSync(join(dir, "entry"), { recursive: true }), symlinkSync("/", join(dir, "entry")))],
    ["a change is hidden by setting the times back", (dir: string) => (writeFileSync(join(dir, "new"), ""), utimesSync(dir, new Date(2000, 0, 1), new Date(2000, 0, 1)))],
  ])("stop holding when %s", (_, change) => {
    const { dir, later } = folder();
    mkdirSync(join(dir, "entry"));
    const stamps = stampDirs([dir], later)!;
    expect(stampsHold(stamps)).toBe(true);
    change(dir);
    expect(stampsHold(stamps)).toBe(false);
  });

  it("stop holding when the folder is replaced by another of the same name", () => {
    const { dir, later } = folder();
    mkdirSync(join(dir, "a"));
    mkdirSync(join(dir, "b"));
    const stamps = stampDirs([join(dir, "a")], later)!;
    renameSync(join(dir, "b"), join(dir, "a"));
    expect(stampsHold(stamps)).toBe(false);
  });
});

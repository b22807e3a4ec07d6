/**
 * read_file and search_files before credentials (src/safety/unreadable.ts): they ask, explicitly,
 * naming the path; links into ~/.ssh count; a walk from above passes protected folders over;
 * quiver's own spillover stays readable.
 */
import { closeSync, fstatSync, mkdirSync, openSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { protectedRoots, protectedRootsResolutions, unreadableRoot } from "../../src/safety/unreadable.js";
import { checkOpened } from "../../src/tools/protected-read.js";
import { approver, callTool, removeTempDirs, tempDir, useHome } from "./tool-harness.js";

const SECRET = "-----BEGIN OPENSSH PRIVATE KEY----- s3cr3t-key-material";

beforeAll(async () => {
  await import("../../src/tools/read-file.js");
  await import("../../src/tools/search-files.js");
});
afterAll(removeTempDirs);

let home = "";
let project = "";
let restore = (): void => {};
beforeEach(async () => {
  home = await tempDir("quiver-protected-home-");
  project = await tempDir("quiver-protected-project-");
  mkdirSync(join(home, ".ssh"));
  writeFileSync(join(home, ".ssh", "id_rsa"), `${SECRET}\n`);
  writeFileSync(join(project, "notes.txt"), "no secrets here\n");
  const restoreHome = useHome(home);
  const saved = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = join(home, ".quiver");
  restore = () => {
    restoreHome();
    if (saved === undefined) delete process.env.QUIVER_HOME;
    else process.env.QUIVER_HOME = saved;
  };
});
afterEach(() => restore());

describe("read_file on a protected path", () => {
  it("asks explicitly, naming the path, and reads only when a person allows it", async () => {
    const key = join(home, ".ssh", "id_rsa");
    const yes = approver("once");
    const allowed = await callTool("read_file", { path: key }, yes.ctx);
    expect(yes.calls).toEqual([
      { tool: "read_file", subject: key, reason: `it is under ${join(home, ".ssh")}, which holds credentials`, key: "read-protected", explicit: true },
    ]);
    expect(allowed.content).toContain(SECRET);

    const no = approver("deny");
    const denied = await callTool("read_file", { path: "~/.ssh/id_rsa" }, no.ctx);
    expect(denied).toMatchObject({ error_type: "approval_denied", rule: "read-protected" });
    expect(JSON.stringify(denied)).not.toContain("s3cr3t");
  });

  it("with nobody to ask, answers approval_required saying why --yes does not cover it", async () => {
    const r = await callTool("read_file", { path: join(home, ".ssh", "id_rsa") });
    expect(r.error_type).toBe("approval_required");
    expect(r.error).toContain("do not cover reading credentials");
    expect(r.error).toContain("quiver chat");
    expect(r.error).not.toMatch(/denied/i);
    expect(JSON.stringify(r)).not.toContain("s3cr3t");
  });

  it("an approver that cannot ask anyone ('unavailable') is not reported as a denial", async () => {
    const r = await callTool("read_file", { path: join(home, ".ssh", "id_rsa") }, approver("unavailable").ctx);
    expect(r).toMatchObject({ error_type: "approval_required", rule: "read-protected" });
    expect(r.error).not.toMatch(/denied/i);
  });

  it("a symlink in the project pointing into ~/.ssh counts", async () => {
    const link = join(project, "innocent.txt");
    symlinkSync(join(home, ".ssh", "id_rsa"), link);
    const ask = approver("deny");
    const r = await callTool("read_file", { path: link }, ask.ctx);
    expect(r.error_type).toBe("approval_denied");
    expect(ask.calls[0]?.subject).toBe(`${link} (a link to ${join(home, ".ssh", "id_rsa")})`);
    // A link to the folder, too.
    symlinkSync(join(home, ".ssh"), join(project, "keys"));
    expect((await callTool("read_file", { path: join(project, "keys", "id_rsa") })).error_type).toBe("approval_required");
  });

  it("$QUIVER_HOME is protected, except cache/spillover (results the model is pointed to)", async () => {
    const quiverHome = join(home, ".quiver");
    mkdirSync(join(quiverHome, "cache", "spillover"), { recursive: true });
    writeFileSync(join(quiverHome, "cache", "spillover", "result-1.txt"), "spilled result\n");
    writeFileSync(join(quiverHome, "config.yaml"), "model: x\n");
    const ask = approver("deny");
    expect((await callTool("read_file", { path: join(quiverHome, "cache", "spillover", "result-1.txt") }, ask.ctx)).content).toBe("1|spilled result");
    expect(ask.calls).toEqual([]);
    expect((await callTool("read_file", { path: join(quiverHome, "config.yaml") }, ask.ctx)).error_type).toBe("approval_denied");
  });

  it("a credentials folder linked into the home after earlier reads is asked about (the roots' resolution is not stale)", async () => {
    const vault = join(project, "vault");
    mkdirSync(vault);
    writeFileSync(join(vault, "credentials"), `${SECRET}\n`);
    // Folders older than the racy window, so the resolution of the roots is kept between reads.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      const before = protectedRootsResolutions();
      for (let i = 0; i < 10; i++) expect((await callTool("read_file", { path: join(project, "notes.txt") })).content).toBe("1|no secrets here");
      expect(protectedRootsResolutions() - before).toBeLessThan(10);
      expect((await callTool("read_file", { path: join(vault, "credentials") })).content).toContain("s3cr3t");
      symlinkSync(vault, join(home, ".aws"));
      const r = await callTool("read_file", { path: join(vault, "credentials") });
      expect(r).toMatchObject({ error_type: "approval_required", rule: "read-protected" });
      expect(JSON.stringify(r)).not.toContain("s3cr3t");
    } finally {
      vi.useRealTimers();
    }
  });

  it("ordinary files are read without asking", async () => {
    const ask = approver("deny");
    expect((await callTool("read_file", { path: join(project, "notes.txt") }, ask.ctx)).content).toBe("1|no secrets here");
    expect(ask.calls).toEqual([]);
  });
});

describe("search_files and protected paths", () => {
  it("a walk from above passes protected folders and links over without asking, and says how many", async () => {
    symlinkSync(join(home, ".ssh", "id_rsa"), join(project, "linked-key"));
    writeFileSync(join(home, ".netrc"), "machine x password s3cr3t\n");
    writeFileSync(join(home, "plain.txt"), "s3cr3t is a word in a plain file\n");
    const ask = approver("once");
    const fromHome = await callTool("search_files", { pattern: "s3cr3t", path: home }, ask.ctx);
    expect(ask.calls).toEqual([]);
    expect(fromHome.matches).toEqual([`${join(home, "plain.txt")}:1:s3cr3t is a word in a plain file`]);
    expect(fromHome.protected_skipped).toBe(2);
    expect(fromHome.hint).toMatch(/2 protected path\(s\)/);

    const fromProject = await callTool("search_files", { pattern: "s3cr3t", path: project }, ask.ctx);
    expect(fromProject.matches).toEqual([]);
    expect(fromProject.protected_skipped).toBe(1);
  });

  it("searching inside a protected folder asks, explicitly", async () => {
    const denied = approver("deny");
    const r = await callTool("search_files", { pattern: "s3cr3t", path: join(home, ".ssh") }, denied.ctx);
    expect(r.error_type).toBe("approval_denied");
    expect(denied.calls[0]).toMatchObject({ tool: "search_files", key: "read-protected", explicit: true, subject: join(home, ".ssh") });

    const allowed = await callTool("search_files", { pattern: "s3cr3t", path: join(home, ".ssh") }, approver("once").ctx);
    expect(allowed.matches).toHaveLength(1);
    expect((await callTool("search_files", { pattern: "s3cr3t", path: join(home, ".ssh") })).error_type).toBe("approval_required");
  });
});

describe.runIf(process.platform === "linux")("what was opened is judged again (a link swapped after the check)", () => {
  it("refuses a descriptor on a credential unless it holds the very file the path check judged", () => {
    const notes = join(project, "notes.txt");
    const key = join(home, ".ssh", "id_rsa");
    const roots = protectedRoots();
    expect(unreadableRoot(notes, roots)).toBeUndefined();
    const judged = roots.identity(notes);
    expect(judged).toBeDefined();
    // The path was checked as notes.txt, but the descriptor holds the key (a link swapped in between).
    const fd = openSync(key, "r");
    try {
      const opened = fstatSync(fd);
      expect(() => checkOpened(fd, notes, undefined, roots, { judged, opened })).toThrow(/a symlink was swapped/);
      expect(() => checkOpened(fd, notes, undefined, roots)).toThrow(/a symlink was swapped/);
      // The key itself, judged and approved: allowed.
      expect(unreadableRoot(key, roots)).toBe(join(home, ".ssh"));
      expect(() => checkOpened(fd, key, join(home, ".ssh"), roots, { judged: roots.identity(key), opened })).not.toThrow();
    } finally {
      closeSync(fd);
    }
    const ordinary = openSync(notes, "r");
    try {
      expect(() => checkOpened(ordinary, notes, undefined, roots, { judged, opened: fstatSync(ordinary) })).not.toThrow();
      expect(() => checkOpened(ordinary, notes, undefined, roots)).not.toThrow();
    } finally {
      closeSync(ordinary);
    }
  });
});

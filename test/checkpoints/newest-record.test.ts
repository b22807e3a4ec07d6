/**
 * An unchanged project's checkpoint reuses the newest one, whose record is kept beside the shadow
 * repository: a fresh process then runs one `git status` and no `git log`. The kept record is only
 * a cache, so a missing or stale one sends the reader to git and gives the same record.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shadowDirFor } from "../../src/checkpoints/shadow-repo.js";
import { openProject, takeCheckpoint } from "../../src/checkpoints/store.js";
import { makeProject, type TempProject } from "./project-fixture.js";

let project: TempProject;
let bin = "";
let calls = "";
let savedPath: string | undefined;

beforeEach(() => {
  project = makeProject();
  // A `git` first on PATH that notes each subcommand, then runs the real one.
  bin = mkdtempSync(join(tmpdir(), "quiver-git-spy-"));
  calls = join(bin, "calls.txt");
  const realGit = "/usr/bin/git";
  writeFileSync(join(bin, "git"), `#!/bin/sh\nfor a in "$@"; do case "$a" in -c) skip=1;; *) if [ -n "$skip" ]; then skip=; elif [ -z "$sub" ]; then sub="$a"; fi;; esac; done\necho "$sub" >> ${JSON.stringify(calls)}\nexec ${realGit} "$@"\n`);
  chmodSync(join(bin, "git"), 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${process.env.PATH ?? ""}`;
});

afterEach(() => {
  process.env.PATH = savedPath;
  project.cleanup();
  rmSync(bin, { recursive: true, force: true });
});

const trigger = { tool: "terminal", subject: "echo hi" };

/** Takes a checkpoint of the project in a fresh node process (nothing remembered in memory). */
function checkpointInFreshProcess(): { reused: boolean; commit: string } {
  const store = fileURLToPath(new URL("../../src/checkpoints/store.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/esm/index.mjs", import.meta.url));
  const script = `const s = await import(${JSON.stringify(store)});
    const repo = await s.openProject(${JSON.stringify(project.dir)}, {});
    const taken = await s.takeCheckpoint(repo, { trigger: ${JSON.stringify(trigger)} }, {});
    process.stdout.write(JSON.stringify({ reused: taken.reused, commit: taken.record.commit }));`;
  return JSON.parse(execFileSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { encoding: "utf8", env: process.env })) as { reused: boolean; commit: string };
}
const gitCalls = (): string[] => readFileSync(calls, "utf8").trim().split("\n");

describe("the newest checkpoint's record", () => {
  it("makes an unchanged project's checkpoint one git status; without it (or stale) git log finds the same record", async () => {
    const repo = await openProject(project.dir, {});
    const first = await takeCheckpoint(repo, { trigger }, {});
    expect(first.reused).toBe(false);

    rmSync(calls, { force: true });
    expect(checkpointInFreshProcess()).toEqual({ reused: true, commit: first.record.commit });
    expect(gitCalls()).toEqual(["status"]);

    rmSync(calls, { force: true });
    const again = await takeCheckpoint(repo, { trigger }, {});
    expect(again).toEqual({ record: first.record, reused: true });
    expect(gitCalls()).toEqual(["status"]);

    const kept = join(shadowDirFor(project.dir), "quiver-newest.json");
    for (const damage of [() => rmSync(kept), () => writeFileSync(kept, JSON.stringify({ ...first.record, commit: "0".repeat(40) })), () => writeFileSync(kept, "{not json")]) {
      damage();
      rmSync(calls, { force: true });
      const fromGit = await takeCheckpoint(repo, { trigger }, {});
      expect(fromGit).toEqual({ record: first.record, reused: true });
      expect(gitCalls()).toEqual(["status", "log"]);
      // Kept again, so the next one is cheap.
      rmSync(calls, { force: true });
      await takeCheckpoint(repo, { trigger }, {});
      expect(gitCalls()).toEqual(["status"]);
    }
  });

  it("follows a new checkpoint: a change is committed, and its record is the one kept", async () => {
    const repo = await openProject(project.dir, {});
    const first = await takeCheckpoint(repo, { trigger }, {});
    writeFileSync(join(project.dir, "a.txt"), "changed\n");
    const second = await takeCheckpoint(repo, { trigger }, {});
    expect(second.reused).toBe(false);
    expect(second.record.commit).not.toBe(first.record.commit);
    rmSync(calls, { force: true });
    expect(await takeCheckpoint(repo, { trigger }, {})).toEqual({ record: second.record, reused: true });
    expect(gitCalls()).toEqual(["status"]);
  });
});

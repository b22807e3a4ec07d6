/** A temp git project for checkpoint tests, and a hash of its files that undo must bring back exactly. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TempProject {
  dir: string;
  cleanup(): void;
}

/** A committed git project: a.txt, b.txt, run.sh, sub/c.txt, a .gitignore'd ignored.log, CRLF-forcing .gitattributes. */
export function makeProject(prefix = "quiver-cp-project-"): TempProject {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" } });
  git("init", "-q");
  writeFileSync(join(dir, "a.txt"), "alpha\n");
  writeFileSync(join(dir, "b.txt"), "bravo\r\nwith crlf\r\n");
  writeFileSync(join(dir, "run.sh"), "#!/bin/sh\necho hi\n");
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "c.txt"), "charlie\n");
  writeFileSync(join(dir, ".gitignore"), "ignored.log\n");
  // Would turn LF into CRLF on checkout if the shadow repository honoured it.
  writeFileSync(join(dir, ".gitattributes"), "* text eol=crlf\n");
  writeFileSync(join(dir, "ignored.log"), "before\n");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every entry under `dir` (except `skip`): path, kind, executable bit, contents or link target. */
export function treeHash(dir: string, skip: (path: string) => boolean = (p) => p === ".git" || p === "ignored.log"): string {
  return createHash("sha256").update(treeListing(dir, skip).join("\n")).digest("hex");
}

export function treeListing(dir: string, skip: (path: string) => boolean = (p) => p === ".git" || p === "ignored.log", prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const path = prefix === "" ? name : `${prefix}/${name}`;
    if (skip(path)) continue;
    const full = join(dir, path);
    const stat = lstatSync(full);
    if (stat.isSymbolicLink()) out.push(`${path} link ${readlinkSync(full)}`);
    else if (stat.isDirectory()) out.push(`${path}/ dir`, ...treeListing(dir, skip, path));
    else out.push(`${path} ${stat.mode & 0o111 ? "x" : "-"} ${createHash("sha256").update(readFileSync(full)).digest("hex")}`);
  }
  return out;
}

/** The project's own .git, every file's bytes: checkpoints must never change it. */
export function gitDirHash(dir: string): string {
  return treeHash(join(dir, ".git"), () => false);
}

export function makeExecutable(file: string): void {
  chmodSync(file, 0o755);
}

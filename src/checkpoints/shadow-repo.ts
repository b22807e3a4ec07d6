/**
 * The shadow repository of one project: `$QUIVER_HOME/checkpoints/<hash of the project path>/`,
 * a git directory whose work tree is the project. The project's own `.git` is never read or
 * written; its ignore rules (.gitignore files, .git/info/exclude) are honoured by copying the
 * latter into the shadow repository's own exclude file.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { quiverPath } from "../registry/paths.js";
import { runGit, type GitTarget } from "./git.js";

/** The ref the checkpoints of a project hang from, newest first. */
export const CHECKPOINT_REF = "refs/heads/checkpoints";

/** Byte-exact and filter-free, whatever the project's .gitattributes say. */
const ATTRIBUTES = "* -text -eol -filter -ident -working-tree-encoding -diff -merge\n";

export interface ShadowRepo extends GitTarget {
  project: string;
}

export function checkpointsHome(): string {
  return quiverPath("checkpoints");
}

export function shadowDirFor(project: string): string {
  return join(checkpointsHome(), createHash("sha256").update(project).digest("hex").slice(0, 16));
}

/** The shadow repositories of every project that has one. */
export function allShadowDirs(): string[] {
  const home = checkpointsHome();
  if (!existsSync(home)) return [];
  return readdirSync(home).map((name) => join(home, name)).filter((dir) => existsSync(join(dir, "HEAD")));
}

/** Opens (creating on first use) the shadow repository of `project`. */
export async function openShadowRepo(project: string, timeoutMs: number): Promise<ShadowRepo> {
  const repo: ShadowRepo = { project, gitDir: shadowDirFor(project), workTree: project };
  if (!existsSync(join(repo.gitDir, "HEAD"))) {
    mkdirSync(repo.gitDir, { recursive: true, mode: 0o700 });
    await runGit(repo, ["init", "-q"], { timeoutMs });
    // HEAD names the checkpoints ref, so `status` compares the index with the newest checkpoint.
    await runGit(repo, ["symbolic-ref", "HEAD", CHECKPOINT_REF], { timeoutMs });
    writeFileSync(join(repo.gitDir, "project"), `${project}\n`);
  }
  writeInfoFiles(repo);
  return repo;
}

/** Re-checked on each open: an older quiver (or a person) may have changed them. */
function writeInfoFiles(repo: ShadowRepo): void {
  const info = join(repo.gitDir, "info");
  mkdirSync(info, { recursive: true });
  writeIfChanged(join(info, "attributes"), ATTRIBUTES);
}

/** The exclude file: the project's .git/info/exclude, quiver's own home if it lies inside, and skipped files. */
export function excludeText(project: string, skipped: readonly string[]): string {
  const lines = ["# written by quiver checkpoints"];
  const own = projectExclude(project);
  if (own !== "") lines.push(own);
  const home = relative(project, quiverPath());
  if (home !== "" && !home.startsWith("..") && !home.startsWith(sep)) lines.push(`/${escapePattern(home)}/`);
  for (const path of skipped) lines.push(`/${escapePattern(path)}`);
  return `${lines.join("\n")}\n`;
}

export function writeExclude(repo: ShadowRepo, skipped: readonly string[]): void {
  writeIfChanged(join(repo.gitDir, "info", "exclude"), excludeText(repo.project, skipped));
}

function projectExclude(project: string): string {
  try {
    return readFileSync(join(project, ".git", "info", "exclude"), "utf8").trim();
  } catch {
    return "";
  }
}

/** A path as a gitignore pattern matching only itself. */
function escapePattern(path: string): string {
  return path.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, "\\ ");
}

function writeIfChanged(file: string, text: string): void {
  try {
    if (readFileSync(file, "utf8") === text) return;
  } catch {
    // absent: written below
  }
  writeFileSync(file, text);
}

/**
 * What a permission rule is matched against in one call: a terminal line's simple commands (as
 * the guard reads them), a file tool's path (as written and with symlinks followed), or, for any
 * other tool, nothing but its name.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { findProjectRoot } from "../safety/project-root.js";

/** One simple command inside a terminal line (the guard's `InnerCommand`, what rules need of it). */
export interface InnerCommandLike {
  readonly argv: readonly string[];
  readonly text?: string;
}

export type CallSubjects =
  | { kind: "command"; commands: readonly InnerCommandLike[]; root: string }
  | { kind: "path"; abs: string; real: string; root: string }
  | { kind: "none"; root: string };

const PATH_ARGUMENT: Readonly<Record<string, { key: string; fallback?: string }>> = {
  read_file: { key: "path" },
  write_file: { key: "path" },
  patch: { key: "path" },
  search_files: { key: "path", fallback: "." },
};

/** The subjects of a call of `name` with (validated) `args`; the terminal's are read by the guard. */
export async function callSubjects(name: string, args: Record<string, unknown>): Promise<CallSubjects> {
  if (name === "terminal" && typeof args.command === "string") {
    const cwd = userPath(typeof args.workdir === "string" ? args.workdir : ".");
    return { kind: "command", commands: await innerCommands(args.command, cwd), root: findProjectRoot(cwd) };
  }
  const argument = PATH_ARGUMENT[name];
  const root = findProjectRoot(process.cwd());
  if (argument === undefined) return { kind: "none", root };
  const raw = args[argument.key] ?? argument.fallback;
  if (typeof raw !== "string" || raw.includes("\0")) return { kind: "none", root };
  const abs = userPath(raw);
  return { kind: "path", abs, real: realPath(abs), root };
}

/** Every simple command of `command`, through `bash -c`, `sudo`, `xargs`, pipelines and substitutions. */
async function innerCommands(command: string, cwd: string): Promise<readonly InnerCommandLike[]> {
  const { assessCommand } = await import("../safety/index.js");
  return (await assessCommand(command, { cwd })).commands;
}

/** A path as the file tools resolve it: `~` expanded, relative to the working directory. */
export function userPath(path: string): string {
  const expanded = path === "~" ? homedir() : path.startsWith("~/") ? join(homedir(), path.slice(2)) : path;
  return resolve(process.cwd(), expanded);
}

/** The path with symlinks followed as far as it exists (the rest appended): where a write really lands. */
function realPath(abs: string): string {
  const rest: string[] = [];
  for (let dir = abs; ; dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), ...rest.reverse());
    } catch {
      if (dirname(dir) === dir) return abs;
      rest.push(basename(dir));
    }
  }
}

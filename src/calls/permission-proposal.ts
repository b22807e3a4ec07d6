/**
 * The rule an approval prompt proposes, shown to the user before they accept it: program +
 * subcommand + `*` for a command (`terminal(npm run test*)`, `terminal(git push*)`), the
 * directory for a file inside the project (`write_file(src/**)`), the tool's name otherwise.
 */
import { homedir } from "node:os";
import { dirname, relative, sep } from "node:path";
import type { CallSubjects, InnerCommandLike } from "./permission-subjects.js";
import { UNKNOWN } from "./permission-rules.js";

const SCRIPT_RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const SUBCOMMAND = /^[A-Za-z0-9][\w:.@+-]*$/;

/** Rules that would allow these subjects of a call of `tool` (deduplicated, in order). */
export function proposeRules(tool: string, subjects: CallSubjects, which: (subject: number) => boolean = () => true): string[] {
  if (subjects.kind === "command") {
    const rules = subjects.commands.filter((_, i) => which(i)).map((cmd) => commandRule(cmd));
    return rules.includes(undefined) ? [] : [...new Set(rules as string[])].map((spec) => `${tool}(${spec})`);
  }
  if (subjects.kind === "path") return [`${tool}(${pathRule(subjects.real === subjects.abs ? subjects.abs : subjects.real, subjects.root)})`];
  return [tool];
}

/** `git push*`, `npm run test*`, `rm -rf *`; undefined when the program is not known (it came from a variable). */
function commandRule(cmd: InnerCommandLike): string | undefined {
  const [program, ...rest] = cmd.argv;
  if (program === undefined || program.includes(UNKNOWN) || program.includes("*")) return undefined;
  const words = [program];
  let i = 0;
  while (i < rest.length && rest[i]!.startsWith("-")) words.push(rest[i++]!);
  const next = rest[i];
  if (next === undefined || !SUBCOMMAND.test(next)) return `${words.join(" ")} *`;
  words.push(next);
  const script = rest[i + 1];
  if (SCRIPT_RUNNERS.has(program) && (next === "run" || next === "run-script") && script !== undefined && SUBCOMMAND.test(script)) words.push(script);
  return `${words.join(" ")}*`;
}

/** The file's directory inside the project (`src/**`), else the file itself (`~/`-anchored when under home). */
function pathRule(abs: string, root: string): string {
  const rel = relative(root, abs);
  if (rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep)) {
    const dir = dirname(rel);
    return dir === "." ? rel : `${dir}/**`;
  }
  const home = homedir();
  return abs.startsWith(`${home}/`) ? `~/${abs.slice(home.length + 1)}` : abs;
}

/**
 * Permission rules, as written in config.yaml (`permissions: { allow, ask, deny }`): parsing,
 * the load-time check, and matching one subject. `terminal(npm run test*)` matches a simple
 * command, `write_file(src/**)` a path, `mcp__github__*` a tool name. Which rules apply, and
 * what a call comes to, is permissions.ts.
 */
import { homedir } from "node:os";
import { basename, isAbsolute, relative, resolve } from "node:path";
import picomatch from "picomatch";
import { closestNames } from "../registry/suggest.js";

export type RuleEffect = "allow" | "ask" | "deny";

/** What a tool's `(…)` part is matched against. */
type SubjectKind = "command" | "path";

/** The tools whose calls have a subject a rule can name; every other tool is matched by name alone. */
const RULE_SUBJECTS: Readonly<Record<string, SubjectKind>> = {
  terminal: "command",
  read_file: "path",
  write_file: "path",
  patch: "path",
  search_files: "path",
};

/** An unknown piece of a command word, as the guard shows it (UNKNOWN_PIECE of src/safety/verdicts.ts; not imported, to keep the guard off start-up). */
export const UNKNOWN = "⟨?⟩";
const RULE = /^([A-Za-z0-9_.*-]+)(?:\((.*)\))?$/s;

export interface PermissionRule {
  /** The rule as written, e.g. `terminal(npm run test*)`. */
  readonly text: string;
  readonly effect: RuleEffect;
  /** Where it came from: "user config", "project config", "session" (shown when it decides). */
  readonly source: string;
  /** Does the rule cover calls of this tool (any subject)? */
  readonly tool: (name: string) => boolean;
  /** The `(…)` part, matched against the call's subject; undefined for a bare name (every call). */
  readonly subject: SubjectMatcher | undefined;
}

export type SubjectMatcher =
  | { kind: "command"; pattern: string; matches: (argv: readonly string[]) => boolean | "maybe" }
  | { kind: "path"; pattern: string; matches: (absPath: string, root: string) => boolean; names: (absPath: string, root: string) => boolean };

/** A rule that cannot be read or can never match: the message names it and says what to write. */
export class PermissionRuleError extends Error {
  override name = "PermissionRuleError";
}

/**
 * Parses one rule. `knownTools` are the registered names: a name pattern must match one of
 * them or be MCP-style (`mcp__server__tool`, whose server may connect later).
 */
export function parseRule(text: unknown, effect: RuleEffect, source: string, knownTools: readonly string[]): PermissionRule {
  const where = `permission rule ${JSON.stringify(text)} (permissions.${effect}, ${source})`;
  if (typeof text !== "string" || text.trim() === "") throw new PermissionRuleError(`${where}: expected a rule such as terminal(npm run test*), write_file(src/**) or mcp__github__*.`);
  const found = RULE.exec(text.trim());
  if (found === null) throw new PermissionRuleError(`${where}: expected TOOL or TOOL(pattern), e.g. terminal(git push*); tool names are letters, digits, _ . - and *.`);
  const [, name = "", spec] = found;
  const tool = namePattern(name);
  if (!name.startsWith("mcp__") && !knownTools.some(tool)) {
    const near = closestNames(name, [...knownTools]);
    throw new PermissionRuleError(`${where}: no tool is named ${name}, so it can never match.${near.length > 0 ? ` Did you mean ${near.join(" or ")}?` : ""}`);
  }
  if (spec === undefined) return { text: text.trim(), effect, source, tool, subject: undefined };
  const kind = RULE_SUBJECTS[name];
  if (kind === undefined) {
    const takes = Object.keys(RULE_SUBJECTS).join(", ");
    throw new PermissionRuleError(`${where}: only ${takes} take a (pattern); write ${name} alone to match all its calls.`);
  }
  if (spec.trim() === "") throw new PermissionRuleError(`${where}: the (pattern) is empty; write ${name} alone to match all its calls.`);
  const subject = kind === "command" ? commandMatcher(spec) : pathMatcher(spec, where);
  return { text: text.trim(), effect, source, tool, subject };
}

/** `*` in a tool name matches any run of characters; the rest is literal. */
function namePattern(name: string): (candidate: string) => boolean {
  if (!name.includes("*")) return (candidate) => candidate === name;
  const re = new RegExp(`^${name.split("*").map(escapeRegExp).join(".*")}$`, "s");
  return (candidate) => re.test(candidate);
}

/**
 * A command pattern over one simple command's words joined by single spaces: `*` matches any
 * run of characters, and a trailing ` *` also matches no more words (`git push *` ⊇ `git push`).
 * The program matches by its name too (`/usr/bin/git` is `git`). A command whose words the
 * guard could not read (`git $(echo push)`) "maybe" matches when its known start fits.
 */
function commandMatcher(spec: string): SubjectMatcher {
  const pattern = spec.trim().replace(/\s+/g, " ");
  const source = pattern.split("*").map(escapeRegExp).join(".*").replace(/ \.\*$/, "(?: .*)?");
  const re = new RegExp(`^${source}$`, "s");
  const literalHead = pattern.split("*")[0]!;
  const matches = (argv: readonly string[]): boolean | "maybe" => {
    const spellings = argv.length > 0 && argv[0]!.includes("/") ? [argv, [basename(argv[0]!), ...argv.slice(1)]] : [argv];
    let maybe = false;
    for (const words of spellings) {
      const text = words.join(" ");
      if (re.test(text)) return true;
      const unknown = text.indexOf(UNKNOWN);
      if (unknown < 0) continue;
      const known = text.slice(0, unknown);
      if (literalHead.startsWith(known) || (known.startsWith(literalHead) && pattern.includes("*"))) maybe = true;
    }
    return maybe ? "maybe" : false;
  };
  return { kind: "command", pattern, matches };
}

/**
 * A picomatch glob over a path: `~/…` and absolute patterns against the absolute path, others
 * against the path relative to the project root (a path outside the project never matches them).
 */
function pathMatcher(spec: string, where: string): SubjectMatcher {
  const pattern = spec.trim();
  const anchored = pattern === "~" || pattern.startsWith("~/") ? resolve(homedir(), pattern.slice(2)) : isAbsolute(pattern) ? pattern : undefined;
  if (anchored === undefined && (pattern === ".." || pattern.startsWith("../") || pattern.includes("/../"))) {
    throw new PermissionRuleError(`${where}: a project-relative pattern cannot leave the project (..); write it absolute or ~/-anchored.`);
  }
  let test: (path: string) => boolean;
  try {
    test = picomatch(anchored ?? pattern.replace(/^\.\//, ""), { dot: true, strictBrackets: true });
  } catch (err) {
    throw new PermissionRuleError(`${where}: not a valid glob (${(err as Error).message}).`);
  }
  const literal = !picomatch.scan(pattern).isGlob;
  const matches = (absPath: string, root: string): boolean => {
    if (anchored !== undefined) return test(absPath);
    const rel = relative(root, absPath);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return false;
    return test(rel);
  };
  // Only a pattern without glob characters names a path itself (what an `explicit` ask needs).
  const names = (absPath: string, root: string): boolean => literal && absPath === (anchored ?? resolve(root, pattern));
  return { kind: "path", pattern, matches, names };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

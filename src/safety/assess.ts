/**
 * `assessCommand` and `assessWrite`: the verdict (allow / ask / refuse) on a shell command or
 * a file write, with the rules behind it, per inner command too. The command is parsed, byte
 * for byte as bash reads it, with a real bash grammar, and every simple command in it is
 * judged, including the shell text it hands to `bash -c`, `eval`, `xargs`, `find -exec`, a
 * function, an alias or a here-document. The verdict is `allow` only when every effect the
 * guard can see is known and allowed: what it cannot determine asks, naming the construct.
 *
 * A guard against a careless or hostile model's commands, not an OS sandbox: it reads the
 * command line, it does not watch what the process does.
 */
import { type Invocation, invocation, isOpaque } from "./argv.js";
import { judgeCarriers } from "./code-carriers.js";
import { joinContinuations } from "./continuations.js";
import type { Finding } from "./finding.js";
import { UNPARSABLE, collectFacts, plainFacts, plainWords, type LineContext, type ShellFacts, type SimpleCommand } from "./commands.js";
import { judgeCodeRunner, judgeInlineCode, language } from "./interpreters.js";
import { stageOutput } from "./pipe-text.js";
import { type BashParse, bashParser, loadedBashParser } from "./parser.js";
import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { type AssessOptions, absolutePath, criticalCandidates, safetyEnv, type SafetyEnv } from "./paths.js";
import { argumentAssignments, judgeAssignment } from "./env-hijack.js";
import { readTargets } from "./read-targets.js";
import { matchRules } from "./rules.js";
import { type Assessment, type CommandRecord, innerCommand, summarise } from "./verdicts.js";
import { OPAQUE, SPLIT } from "./words.js";
import { judgeTarget, judgeWriteTarget, writeTargets } from "./writes.js";
import { WrittenFiles } from "./written-files.js";

export type { Assessment, InnerCommand, RuleHit } from "./verdicts.js";

/** Nested shells deeper than this are not unpacked; the command is asked about instead. */
const MAX_DEPTH = 4;
const UNKNOWN_VAR = "${__quiver_unknown}";

const DYNAMIC: Finding = { key: "dynamic-command", reason: "the program to run comes from a variable, eval or $(…)", verdict: "ask" };
const RUNS_DOWNLOAD: Finding = { key: "pipe-to-shell", reason: "running a file downloaded earlier in the same command (curl -o x.sh && sh x.sh)", verdict: "ask" };
const RUNS_WRITTEN: Finding = { key: "runs-written-file", reason: "running a file (a script, a Makefile, package.json) the same command line writes with content it does not show", verdict: "ask" };
const TOO_DEEP: Finding = { key: "nested-shell", reason: "shells nested too deep to judge", verdict: "ask" };

/**
 * Loads the bash grammar now, for callers that can overlap its load with other waits; not for a
 * `command` of plain words, which is judged without it.
 */
export async function prepareCommandAssessment(command?: string): Promise<void> {
  if (command === undefined || plainWords(command) === undefined) await bashParser();
}

/**
 * A line of plain words (and the plain texts it hands on) is judged without the grammar, whose
 * first load and parse cost a fresh process ~30 ms; the first text that needs it stops that
 * attempt, and the whole line is judged again with the grammar.
 */
export async function assessCommand(command: string, opts: AssessOptions = {}): Promise<Assessment> {
  const env = safetyEnv(opts);
  const parse = loadedBashParser();
  if (parse === undefined) {
    try {
      return assessWith(command, undefined, env);
    } catch (err) {
      if (!(err instanceof NeedsGrammar)) throw err;
    }
  }
  return assessWith(command, parse ?? (await bashParser()), env);
}

function assessWith(command: string, parse: BashParse | undefined, env: SafetyEnv): Assessment {
  const assessor = new CommandAssessor(parse, env);
  assessor.judgeText(command, env.cwd, 0);
  return assessor.result();
}

/** Thrown by an assessment without the grammar at the first text that is not plain words. */
class NeedsGrammar extends Error {}

/** Positional parameters: `$1`…, `$@`, `$*`, `$#`. */
const POSITIONAL = ["@", "*", "#", ...Array.from({ length: 9 }, (_, i) => String(i + 1))];

/** One assessment: the findings so far, and what the command line has taught (variables, functions, aliases, written files). */
class CommandAssessor {
  readonly #findings: Finding[] = [];
  /** The simple commands judged, each with its own findings. */
  readonly #records: CommandRecord[] = [];
  /** Findings of no single command. */
  readonly #constructs: Finding[] = [];
  /** The command being judged; findings go to it (and to the line). */
  #current: CommandRecord | undefined;
  readonly #line: LineContext;
  readonly #functions = new Map<string, string>();
  readonly #called = new Set<string>();
  /** Function bodies being judged: a recursive call adds nothing (a redefinition under the same name does). */
  readonly #active = new Set<string>();
  readonly #aliases = new Map<string, string>();
  readonly #links = new Map<string, string>();
  readonly #written: WrittenFiles;
  readonly #parse: BashParse | undefined;
  readonly env: SafetyEnv;

  constructor(parse: BashParse | undefined, env: SafetyEnv) {
    this.#parse = parse;
    this.env = env;
    this.#line = { vars: new Map(), knownPaths: criticalCandidates(env), shell: { unknownGlobs: false, integers: new Set() }, made: new Set() };
    this.#written = new WrittenFiles(env);
  }

  result(): Assessment {
    const keep = (f: Finding): boolean => !this.env.sandboxed || f.verdict === "refuse" || f.remote === true || f.explicit === true || !CONTAINED.has(f.key);
    const out: Assessment = { ...summarise(this.#findings.filter(keep)), commands: this.#records.map((r) => innerCommand({ ...r, findings: r.findings.filter(keep) })) };
    const constructs = this.#constructs.filter(keep);
    if (constructs.length > 0) out.constructs = summarise(constructs).rules;
    return out;
  }

  #addDefined(found: Finding | undefined): void {
    if (found !== undefined) this.#add(found);
  }

  #add(...found: Finding[]): void {
    this.#findings.push(...found);
    (this.#current?.findings ?? this.#constructs).push(...found);
  }

  /** Judges `body` as the simple command `argv`: what is found meanwhile is its own. */
  #as(argv: readonly string[], body: () => void): void {
    const outer = this.#current;
    const record: CommandRecord = { argv, findings: [] };
    this.#records.push(record);
    this.#current = record;
    try {
      body();
    } finally {
      this.#current = outer;
    }
  }

  judgeText(text: string, cwd: string, depth: number): void {
    if (depth > MAX_DEPTH) return this.#add(TOO_DEEP);
    // Unknown pieces of an inner script read as an unknown variable when it is parsed again.
    const prepared = joinContinuations(text).split(OPAQUE).join(UNKNOWN_VAR).split(SPLIT).join(" ");
    const plain = plainFacts(prepared, { ...this.env, cwd }, this.#line);
    if (plain !== undefined) return this.#judgeFacts(plain, cwd, depth);
    if (this.#parse === undefined) throw new NeedsGrammar();
    const { root, free } = this.#parse(prepared);
    try {
      const facts = collectFacts(root, { ...this.env, cwd }, this.#line);
      if (root.hasError) this.#add(UNPARSABLE);
      this.#judgeFacts(facts, cwd, depth);
    } finally {
      free();
    }
  }

  #judgeFacts(facts: ShellFacts, cwd: string, depth: number): void {
    this.#add(...facts.findings);
    for (const [name, value, at] of facts.assigns) this.#addDefined(judgeAssignment(name, value, this.env, at));
    for (const f of facts.functions) this.#functions.set(f.name, f.body);
    for (const cmd of facts.commands) this.#as(cmd.argv, () => this.#judgeCommand(cmd, depth));
    // After the commands: the grammar hangs `a && b > f`'s redirection on the whole list, and links `a` made count.
    for (const [path, at] of facts.writes) this.#add(...judgeWriteTarget(this.#throughLinks(path, at), this.env, at));
    // A function never called by name may still run (`$f`, a trap, `export -f`): judged with unknown arguments.
    for (const f of facts.functions) if (!this.#called.has(f.name)) this.#withPositionals(undefined, () => this.judgeText(f.body, cwd, depth + 1));
  }

  #judgeCommand(cmd: SimpleCommand, depth: number): void {
    const [name = "", ...args] = cmd.argv;
    if (cmd.dynamicName || isOpaque(name)) this.#add(DYNAMIC);
    for (const [path, at] of cmd.writes) this.#add(...judgeWriteTarget(this.#throughLinks(path, at), this.env, at));
    for (const [n, v] of [...cmd.assigns, ...argumentAssignments(cmd.argv)]) this.#addDefined(judgeAssignment(n, v, this.env, cmd.cwd));
    const stdin = cmd.stdinText ?? (cmd.pipedFrom === undefined ? undefined : stageOutput(cmd.pipedFrom));
    this.#judgeDefined(name, args, cmd, depth, stdin);
    const inv = invocation(cmd.argv, cmd.cwd);
    this.#judgeWrittenAndRun(cmd, inv, depth);
    const judge = (): void => this.#judgeInvocation(inv, cmd.piped || cmd.stdinFile !== undefined, stdin, depth, cmd.stdinFile);
    // `sudo rm -rf x`, `xargs rm`: the program under the wrappers is an inner command of its own.
    if (inv.via.size > 0 && inv.argv.length > 0) this.#as(inv.argv, judge);
    else judge();
    // `r${x}m -rf /`: an unset variable is empty, so the name is also judged without its unknowns.
    const withoutUnknowns = name.split(OPAQUE).join("");
    if (isOpaque(name) && withoutUnknowns !== "") this.#judgeInvocation(invocation([withoutUnknowns, ...args], cmd.cwd), cmd.piped, undefined, depth);
  }

  /** A call of a function or alias defined earlier in the line runs its body with these arguments. */
  #judgeDefined(name: string, args: readonly string[], cmd: SimpleCommand, depth: number, stdin: string | undefined): void {
    const body = this.#functions.get(name);
    // A recursive call adds nothing the first judgement of the body did not see.
    if (body !== undefined && !cmd.dynamicName && !this.#active.has(body)) {
      this.#called.add(name);
      this.#active.add(body);
      try {
        this.#withPositionals(args, () => this.judgeText(body, cmd.cwd, depth + 1));
      } finally {
        this.#active.delete(body);
      }
      // A body that uses its arguments may run them, with the call's stdin (`run() { "$@"; }; run bash < x`).
      if (/\$\{?[@*1-9]/.test(body) && args.length > 0) {
        const inv = invocation(args, cmd.cwd);
        this.#as(args, () => this.#judgeInvocation(inv, cmd.piped || cmd.stdinFile !== undefined, stdin, depth + 1, cmd.stdinFile));
      }
    }
    const alias = this.#aliases.get(name);
    if (alias !== undefined) this.judgeText(`${alias} ${args.map(doubleQuote).join(" ")}`, cmd.cwd, depth + 1);
    if (name === "alias") {
      for (const a of args) if (a.includes("=")) this.#aliases.set(a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1));
    }
  }

  /** `ln -s TARGET LINK` earlier in the line: later paths through LINK lead to TARGET (the link does not exist yet). */
  #recordLink(inv: Invocation): void {
    const ops = inv.args.filter((a) => !a.startsWith("-"));
    if (ops.length < 2) return;
    const target = ops[0]!;
    let link = absolutePath(ops[ops.length - 1]!, { ...this.env, cwd: inv.cwd });
    if (existsSync(link) && statSync(link, { throwIfNoEntry: false })?.isDirectory() === true) link = join(link, basename(target));
    const symbolic = inv.args.some((a) => /^-[a-zA-Z]*s|^--sym/.test(a));
    this.#links.set(link, absolutePath(target, { ...this.env, cwd: symbolic && !/^[/~]/.test(target) ? dirname(link) : inv.cwd }));
  }

  #throughLinks(path: string, cwd: string): string {
    if (this.#links.size === 0 || isOpaque(path)) return path;
    const abs = absolutePath(path, { ...this.env, cwd });
    for (const [link, target] of this.#links) {
      if (abs === link || abs.startsWith(`${link}/`)) return target + abs.slice(link.length);
    }
    return path;
  }

  /** Binds `$1`…, `$@`, `$*` and `$#` to `args` (unknown when undefined) while `body` runs. */
  #withPositionals(args: readonly string[] | undefined, body: () => void): void {
    const vars = this.#line.vars;
    const saved = POSITIONAL.map((p) => vars.get(p));
    for (const p of POSITIONAL) vars.delete(p);
    if (args !== undefined) {
      args.slice(0, 9).forEach((a, i) => vars.set(String(i + 1), [a]));
      vars.set("@", [args.join(SPLIT)]);
      vars.set("*", [args.join(SPLIT)]);
      vars.set("#", [String(args.length)]);
    }
    try {
      body();
    } finally {
      POSITIONAL.forEach((p, i) => (saved[i] === undefined ? vars.delete(p) : vars.set(p, saved[i]!)));
    }
  }

  /** Remembers the files `cmd` writes, and judges a remembered file it runs by its content. */
  #judgeWrittenAndRun(cmd: SimpleCommand, inv: Invocation, depth: number): void {
    // What it runs was written before it, not by itself (`perl -pi -e … f`).
    const ran = this.#written.ranBy(inv, cmd.argv[0] ?? "", cmd.stdinFile);
    const written = writeTargets(inv).flatMap((t) => (t.tree === true ? [] : [t.path]));
    this.#written.record(inv, cmd.redirectTargets, cmd.redirectTargets.length > 0 || inv.name === "tee" ? stageOutput(cmd) : undefined, written);
    if (ran === undefined) return;
    if (ran.downloaded) return this.#add(RUNS_DOWNLOAD);
    if (ran.content === undefined) return this.#add(RUNS_WRITTEN);
    const lang = language(inv.name);
    if (lang === undefined) this.judgeText(ran.content, inv.cwd, depth + 1);
    else this.#add(...judgeInlineCode(ran.content, lang));
  }

  #judgeInvocation(inv: Invocation, piped: boolean, stdinText: string | undefined, depth: number, stdinFile?: string): void {
    if (depth > MAX_DEPTH) return this.#add(TOO_DEEP);
    if (isOpaque(inv.name)) this.#add(DYNAMIC);
    // A database client's here-document is its SQL.
    const sql = stdinText !== undefined && SQL_CLIENT_NAMES.has(inv.name) ? { ...inv, scripts: [...inv.scripts, stdinText] } : inv;
    const matched = matchRules(sql, this.env);
    this.#add(...matched);
    // Refused already: the verdict shows refusals only, so the targets need no judging (`rm -rf /*` names every entry of /).
    const refused = matched.some((r) => r.verdict === "refuse");
    const code = judgeCodeRunner(inv, piped, stdinText);
    this.#add(...code.findings);
    for (const script of code.scripts) this.judgeText(script, inv.cwd, depth + 1);
    if (!refused) for (const target of writeTargets(inv)) this.#add(...judgeTarget({ ...target, path: this.#throughLinks(target.path, inv.cwd) }, this.env, inv.cwd));
    if (inv.name === "ln" || inv.name === "link") this.#recordLink(inv);
    if (!refused) this.#add(...readTargets(inv, this.env, stdinFile));
    const carried = judgeCarriers(inv, this.env);
    this.#add(...carried.findings);
    for (const script of carried.scripts) this.judgeText(script, inv.cwd, depth + 1);
    for (const inner of carried.commands) {
      const innerInv = invocation(inner, inv.cwd);
      this.#as(innerInv.argv.length > 0 ? innerInv.argv : inner, () => this.#judgeInvocation(innerInv, false, undefined, depth + 1));
    }
  }
}

const SQL_CLIENT_NAMES = new Set(["psql", "mysql", "mariadb", "sqlite3", "sqlite", "duckdb", "clickhouse-client", "cqlsh", "mongo", "mongosh", "redis-cli", "sqlcmd", "usql", "valkey-cli", "sqlplus"]);

/**
 * Keys of asks whose effects the sandbox contains (see AssessOptions.sandboxed). Recursive deletes
 * are not among them: inside the project they still ask (git-ignored files are not in checkpoints).
 */
const CONTAINED = new Set([
  "write-outside-project", "write-unresolved", "write-over-protected", "write-quiver-home", "write-ssh", "write-shell-rc", "write-key-dir",
  "write-tool-config", "write-etc", "dynamic-command", "pipe-to-shell", "eval", "inline-code", "nested-shell", "unparsable",
  "runs-written-file", "opaque-expansion", "arithmetic-code", "env-hijack", "code-option", "move-system-dir", "chmod-recursive",
  "user-admin", "crontab-install", "crontab-remove", "schedules-command", "systemctl-enable",
]);

/** A word re-read by the parser as exactly this word; unknown pieces stay unknown. */
function doubleQuote(word: string): string {
  return `"${word.replace(/["$`\\]/g, "\\$&")}"`;
}

/** `write_file`/`patch`: a disk device is refused; a protected path, or one outside the project and the temp dir, asks. */
export async function assessWrite(path: string, opts: AssessOptions = {}): Promise<Assessment> {
  return { ...summarise(judgeWriteTarget(path, safetyEnv(opts))), commands: [] };
}

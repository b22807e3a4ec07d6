/**
 * `assessCommand` and `assessWrite`: the verdict (allow / ask / refuse) on a shell command or
 * a file write, with the rules behind it. The command is parsed with a real bash grammar and
 * every simple command in it is judged, including the shell text it hands to `bash -c`,
 * `eval`, `xargs`, `find -exec` or a here-document.
 *
 * A guard against a careless or hostile model's commands, not an OS sandbox: it reads the
 * command line, it does not watch what the process does.
 */
import { type Invocation, invocation, isOpaque } from "./argv.js";
import { UNPARSABLE, collectFacts, type Finding, type SimpleCommand } from "./commands.js";
import { judgeCodeRunner, judgeInlineCode, language } from "./interpreters.js";
import { stageOutput } from "./pipe-text.js";
import { type BashParse, bashParser } from "./parser.js";
import { type AssessOptions, criticalCandidates, safetyEnv, type SafetyEnv } from "./paths.js";
import { matchRules } from "./rules.js";
import { OPAQUE } from "./words.js";
import { judgeTarget, judgeWriteTarget, writeTargets } from "./writes.js";
import { WrittenFiles } from "./written-files.js";
import { type Assessment, type CommandRecord, innerCommand, summarise } from "./verdicts.js";

export type { Assessment, InnerCommand, RuleHit } from "./verdicts.js";

/** Nested shells deeper than this are not unpacked; the command is asked about instead. */
const MAX_DEPTH = 4;
const UNICODE_SPACES = /[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** Fullwidth letters, Unicode spaces and invisible characters read as bash would be tricked into reading them. */
function normaliseText(text: string): string {
  return text.normalize("NFKC").replace(UNICODE_SPACES, " ").replace(INVISIBLE, "");
}

const DYNAMIC: Finding = { key: "dynamic-command", reason: "the program to run comes from a variable, eval or $(…)", verdict: "ask" };
const RUNS_DOWNLOAD: Finding = { key: "pipe-to-shell", reason: "running a file downloaded earlier in the same command (curl -o x.sh && sh x.sh)", verdict: "ask" };
const TOO_DEEP: Finding = { key: "nested-shell", reason: "shells nested too deep to judge", verdict: "ask" };

export async function assessCommand(command: string, opts: AssessOptions = {}): Promise<Assessment> {
  const assessor = new CommandAssessor(await bashParser(), safetyEnv(opts));
  assessor.judgeText(command, assessor.env.cwd, 0);
  return assessor.result();
}

/** One assessment: the findings so far, and what the command line has taught (variables, written files). */
class CommandAssessor {
  readonly #findings: Finding[] = [];
  /** The simple commands judged, each with its own findings. */
  readonly #records: CommandRecord[] = [];
  /** Findings of no single command. */
  readonly #constructs: Finding[] = [];
  /** The command being judged; findings go to it (and to the line). */
  #current: CommandRecord | undefined;
  readonly #vars = new Map<string, string[]>();
  readonly #known: readonly string[];
  readonly #written: WrittenFiles;
  readonly #parse: BashParse;
  readonly env: SafetyEnv;

  constructor(parse: BashParse, env: SafetyEnv) {
    this.#parse = parse;
    this.env = env;
    this.#known = criticalCandidates(env);
    this.#written = new WrittenFiles(env);
  }

  result(): Assessment {
    const out: Assessment = { ...summarise(this.#findings), commands: this.#records.map(innerCommand) };
    if (this.#constructs.length > 0) out.constructs = summarise(this.#constructs).rules;
    return out;
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
    const { root, free } = this.#parse(normaliseText(text).split(OPAQUE).join("${__quiver_unknown}"));
    try {
      const facts = collectFacts(root, { ...this.env, cwd }, this.#vars, this.#known);
      if (root.hasError) this.#add(UNPARSABLE);
      this.#add(...facts.findings);
      for (const [path, at] of facts.writes) this.#add(...judgeWriteTarget(path, this.env, at));
      for (const cmd of facts.commands) this.#as(cmd.argv, () => this.#judgeCommand(cmd, depth));
    } finally {
      free();
    }
  }

  #judgeCommand(cmd: SimpleCommand, depth: number): void {
    if (cmd.dynamicName || isOpaque(cmd.argv[0] ?? "")) this.#add(DYNAMIC);
    for (const [path, at] of cmd.writes) this.#add(...judgeWriteTarget(path, this.env, at));
    const inv = invocation(cmd.argv, cmd.cwd);
    this.#judgeWrittenAndRun(cmd, inv, depth);
    const stdin = cmd.stdinText ?? (cmd.pipedFrom === undefined ? undefined : stageOutput(cmd.pipedFrom));
    const judge = (): void => this.#judgeInvocation(inv, cmd.piped, stdin, depth);
    // `sudo rm -rf x`, `xargs rm`: the program under the wrappers is an inner command of its own.
    if (inv.via.size > 0 && inv.argv.length > 0) this.#as(inv.argv, judge);
    else judge();
    // `r${x}m -rf /`: an unset variable is empty, so the name is also judged without its unknowns.
    const [name = "", ...args] = cmd.argv;
    const withoutUnknowns = name.split(OPAQUE).join("");
    if (isOpaque(name) && withoutUnknowns !== "") this.#judgeInvocation(invocation([withoutUnknowns, ...args], cmd.cwd), cmd.piped, undefined, depth);
  }

  /** Remembers the files `cmd` writes, and judges a remembered file it runs by its content. */
  #judgeWrittenAndRun(cmd: SimpleCommand, inv: Invocation, depth: number): void {
    this.#written.record(inv, cmd.redirectTargets, cmd.redirectTargets.length > 0 ? stageOutput(cmd) : undefined);
    const ran = this.#written.ranBy(inv, cmd.argv[0] ?? "");
    if (ran === undefined) return;
    if (ran.downloaded) return this.#add(RUNS_DOWNLOAD);
    const lang = language(inv.name);
    if (lang === undefined) this.judgeText(ran.content, inv.cwd, depth + 1);
    else this.#add(...judgeInlineCode(ran.content, lang));
  }

  #judgeInvocation(inv: Invocation, piped: boolean, stdinText: string | undefined, depth: number): void {
    if (depth > MAX_DEPTH) return this.#add(TOO_DEEP);
    if (isOpaque(inv.name)) this.#add(DYNAMIC);
    this.#add(...matchRules(inv, this.env));
    const code = judgeCodeRunner(inv, piped, stdinText);
    this.#add(...code.findings);
    for (const script of code.scripts) this.judgeText(script, inv.cwd, depth + 1);
    for (const target of writeTargets(inv)) this.#add(...judgeTarget(target, this.env, inv.cwd));
    for (const inner of findExecs(inv)) {
      const innerInv = invocation(inner, inv.cwd);
      this.#as(innerInv.argv.length > 0 ? innerInv.argv : inner, () => this.#judgeInvocation(innerInv, false, undefined, depth + 1));
    }
  }
}

/** The commands `find … -exec CMD {} ;` runs. */
function findExecs(inv: Invocation): string[][] {
  if (inv.name !== "find") return [];
  const out: string[][] = [];
  inv.args.forEach((arg, i) => {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(arg)) return;
    const end = inv.args.findIndex((a, j) => j > i && (a === ";" || a === "+"));
    out.push(inv.args.slice(i + 1, end === -1 ? undefined : end));
  });
  return out;
}

/** `write_file`/`patch`: a disk device is refused, a protected path (also through a symlink) asks. */
export async function assessWrite(path: string, opts: AssessOptions = {}): Promise<Assessment> {
  return { ...summarise(judgeWriteTarget(path, safetyEnv(opts))), commands: [] };
}

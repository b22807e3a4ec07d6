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
import { COMMAND_RULES, matchRules, type Verdict } from "./rules.js";
import { OPAQUE } from "./words.js";
import { judgeTarget, judgeWriteTarget, writeTargets } from "./writes.js";
import { WrittenFiles } from "./written-files.js";

export interface RuleHit {
  key: string;
  reason: string;
}

export interface Assessment {
  verdict: Verdict;
  rules: RuleHit[];
}

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
  return summarise(assessor.findings);
}

/** One assessment: the findings so far, and what the command line has taught (variables, written files). */
class CommandAssessor {
  readonly findings: Finding[] = [];
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

  judgeText(text: string, cwd: string, depth: number): void {
    if (depth > MAX_DEPTH) return void this.findings.push(TOO_DEEP);
    // Unknown pieces of an inner script read as an unknown variable when it is parsed again.
    const { root, free } = this.#parse(normaliseText(text).split(OPAQUE).join("${__quiver_unknown}"));
    try {
      const facts = collectFacts(root, { ...this.env, cwd }, this.#vars, this.#known);
      if (root.hasError) this.findings.push(UNPARSABLE);
      this.findings.push(...facts.findings);
      for (const [path, at] of facts.writes) this.findings.push(...judgeWriteTarget(path, this.env, at));
      for (const cmd of facts.commands) this.#judgeCommand(cmd, depth);
    } finally {
      free();
    }
  }

  #judgeCommand(cmd: SimpleCommand, depth: number): void {
    if (cmd.dynamicName || isOpaque(cmd.argv[0] ?? "")) this.findings.push(DYNAMIC);
    const inv = invocation(cmd.argv, cmd.cwd);
    this.#judgeWrittenAndRun(cmd, inv, depth);
    this.#judgeInvocation(inv, cmd.piped, cmd.stdinText ?? (cmd.pipedFrom === undefined ? undefined : stageOutput(cmd.pipedFrom)), depth);
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
    if (ran.downloaded) return void this.findings.push(RUNS_DOWNLOAD);
    const lang = language(inv.name);
    if (lang === undefined) this.judgeText(ran.content, inv.cwd, depth + 1);
    else this.findings.push(...judgeInlineCode(ran.content, lang));
  }

  #judgeInvocation(inv: Invocation, piped: boolean, stdinText: string | undefined, depth: number): void {
    if (depth > MAX_DEPTH) return void this.findings.push(TOO_DEEP);
    if (isOpaque(inv.name)) this.findings.push(DYNAMIC);
    this.findings.push(...matchRules(inv, this.env));
    const code = judgeCodeRunner(inv, piped, stdinText);
    this.findings.push(...code.findings);
    for (const script of code.scripts) this.judgeText(script, inv.cwd, depth + 1);
    for (const target of writeTargets(inv)) this.findings.push(...judgeTarget(target, this.env, inv.cwd));
    for (const inner of findExecs(inv)) this.#judgeInvocation(invocation(inner, inv.cwd), false, undefined, depth + 1);
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
  return summarise(judgeWriteTarget(path, safetyEnv(opts)));
}

/** One entry per key: refusals first, then the table's order, then the rest as found. */
function summarise(findings: readonly Finding[]): Assessment {
  const order = (f: Finding): number => (f.verdict === "refuse" ? 0 : 1) * 1000 + rank(f.key);
  const unique = new Map<string, Finding>();
  for (const f of [...findings].sort((a, b) => order(a) - order(b))) if (!unique.has(f.key)) unique.set(f.key, f);
  const list = [...unique.values()];
  const verdict: Verdict = list.some((f) => f.verdict === "refuse") ? "refuse" : list.length > 0 ? "ask" : "allow";
  const rules = list.filter((f) => verdict !== "refuse" || f.verdict === "refuse").map(({ key, reason }) => ({ key, reason }));
  return { verdict, rules };
}

function rank(key: string): number {
  const at = COMMAND_RULES.findIndex((r) => r.key === key);
  return at === -1 ? COMMAND_RULES.length : at;
}

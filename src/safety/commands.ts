/**
 * Walks a bash parse tree and lists every simple command it would run — in lists, pipelines,
 * subshells, `$(…)`, backticks, process substitutions, function bodies, if/for/while/case —
 * with its words expanded (see words.ts), plus the files its redirections write and the
 * structural findings (fork bombs, parse errors).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { SyntaxNode } from "./parser.js";
import { absolutePath, type SafetyEnv, UNKNOWN_CWD } from "./paths.js";
import type { Finding } from "./finding.js";
import { OPAQUE, type ShellOptions, expandValue, expandWord, judgeArithmetic, type WordScope } from "./words.js";

export interface SimpleCommand {
  argv: string[];
  /** The command word came from an expansion or `$(…)`. */
  dynamicName: boolean;
  /** Its stdin comes from a pipe. */
  piped: boolean;
  /** The simple command whose output it reads, when the pipe's previous stage is one. */
  pipedFrom?: SimpleCommand;
  /** Its stdin is this here-document or here-string. */
  stdinText?: string;
  /** Its stdin is read from this file (`bash < script.sh`). */
  stdinFile?: string;
  /** Files its own redirections write (`curl … > x.sh`). */
  redirectTargets: string[];
  /** The same, with the directory each is relative to: [path, cwd]. */
  writes: Array<[string, string]>;
  /** Its prefix assignments (`X=1 cmd`): [name, value]. */
  assigns: Array<[string, string]>;
  cwd: string;
}

export interface ShellFacts {
  commands: SimpleCommand[];
  /** Assignments of no command (`PATH=x`, `export`s are commands): [name, value, cwd]. */
  assigns: Array<[string, string, string]>;
  /** Functions defined: their bodies are judged where they are called, with the call's arguments. */
  functions: Array<{ name: string; body: string }>;
  /** Files written by `>`, `>>`, `&>`, `>|`, `<>` of no simple command (`{ …; } > f`): [path, cwd]. */
  writes: Array<[string, string]>;
  findings: Finding[];
}

interface WalkState extends WordScope {
  facts: ShellFacts;
  made: Set<string>;
  /** The last `< FILE` seen, taken by the command it belongs to. */
  stdinFile?: string | undefined;
  piped: boolean;
  /** The previous pipeline stage, when it was a simple command. */
  pipeSource?: SimpleCommand;
}

export const UNPARSABLE: Finding = {
  key: "unparsable",
  reason: "the command does not parse as bash, so it cannot be judged",
  verdict: "ask",
};
const FORK_BOMB: Finding = { key: "fork-bomb", reason: "a fork bomb (a function that pipes into itself)", verdict: "refuse" };

/** What one assessment shares between the texts it parses (`bash -c` strings see earlier assignments). */
export interface LineContext {
  vars: Map<string, string[]>;
  knownPaths: readonly string[];
  shell: ShellOptions;
  /** Directories the line creates (`mkdir -p x && cd x` can be followed). */
  made: Set<string>;
}

/** The facts of one parsed command line. */
export function collectFacts(root: SyntaxNode, env: SafetyEnv, line: LineContext): ShellFacts {
  const state = walkState(env, line);
  visit(root, state);
  return state.facts;
}

/**
 * Literal words as bash reads them: no quote, expansion, glob, tilde, comment, operator or
 * redirection character. Nor `%`, `@` or `+`: the grammar reads some words holding them as a broken
 * variable name (`a@b ls`, `- a%`, `a+: ls`), which a line of plain words must never differ on.
 */
const PLAIN_LINE = /^[ \t]*[A-Za-z0-9_./:,-]+(?:[ \t]+[A-Za-z0-9_./:,-]+)*[ \t]*$/;
/** First words the grammar does not read as a plain command: reserved words, declarations, `unset`. */
const NOT_A_PLAIN_COMMAND = new Set([
  "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time", "coproc",
  "declare", "typeset", "export", "readonly", "local", "unset", "unsetenv",
]);

/** The words of `text` when it is one simple command of plain words (`git status`, `ls -la src`), else undefined. */
export function plainWords(text: string): string[] | undefined {
  if (!PLAIN_LINE.test(text)) return undefined;
  const argv = text.trim().split(/[ \t]+/);
  return NOT_A_PLAIN_COMMAND.has(argv[0]!) ? undefined : argv;
}

/**
 * The facts of a line of plain words, read without the grammar: the same as collectFacts gives for
 * its parse tree (test/safety/plain-command.test.ts holds the two to each other over generated
 * lines), so the guard judges it alike. Undefined for any other line.
 */
export function plainFacts(text: string, env: SafetyEnv, line: LineContext): ShellFacts | undefined {
  const argv = plainWords(text);
  if (argv === undefined) return undefined;
  const state = walkState(env, line);
  state.facts.commands.push({ argv, dynamicName: false, piped: false, cwd: state.env.cwd, redirectTargets: [], writes: [], assigns: [] });
  shellBuiltin(argv, state);
  return state.facts;
}

function walkState(env: SafetyEnv, line: LineContext): WalkState {
  const facts: ShellFacts = { commands: [], functions: [], assigns: [], writes: [], findings: [] };
  const state: WalkState = {
    env: { ...env },
    vars: line.vars,
    knownPaths: line.knownPaths,
    shell: line.shell,
    made: line.made,
    facts,
    piped: false,
    visitNested: (node) => withPiped(state, false, () => visitChildren(node, state)),
    note: (finding) => void facts.findings.push(finding),
  };
  return state;
}

function withPiped(state: WalkState, piped: boolean, body: () => void): void {
  const before = state.piped;
  state.piped = piped;
  body();
  state.piped = before;
}

function visitChildren(node: SyntaxNode, state: WalkState): void {
  for (const child of node.namedChildren) if (child !== null) visit(child, state);
}

function visit(node: SyntaxNode, state: WalkState): void {
  if (node.isMissing) state.facts.findings.push(UNPARSABLE);
  switch (node.type) {
    case "command":
      return visitCommand(node, state, [], undefined, state.facts.writes.length);
    case "redirected_statement":
      return visitRedirected(node, state);
    case "variable_assignment":
      return assign(node, state);
    case "pipeline":
      return visitPipeline(node, state);
    case "for_statement":
      return visitFor(node, state);
    case "function_definition":
      return defineFunction(node, state);
    case "compound_statement":
      if (node.text.startsWith("((")) return judgeArithmetic(node, state);
      return visitChildren(node, state);
    case "c_style_for_statement": {
      const parts = ["initializer", "condition", "update"].flatMap((f) => node.childrenForFieldName(f)).filter((c) => c !== null);
      parts.forEach((c, i) => judgeArithmetic(c, state, i === 0 ? parts.map((p) => p.text).join(";") : ""));
      return visitChildren(node.childForFieldName("body") ?? node, state);
    }
    case "test_command":
      for (const b of node.descendantsOfType("binary_expression")) if (b !== null && /^-(?:eq|ne|lt|le|gt|ge)$/.test(b.childForFieldName("operator")?.text ?? "")) judgeArithmetic(b, state);
      return visitChildren(node, state);
    case "heredoc_body":
      return visitChildren(node, state);
    case "declaration_command":
      if (node.namedChildren.some((c) => c?.type === "word" && /^-[a-zA-Z]*i/.test(c.text))) {
        for (const c of node.namedChildren) if (c?.type === "variable_assignment" || c?.type === "variable_name") state.shell.integers.add((c.type === "variable_name" ? c : c.childForFieldName("name"))?.text ?? "");
      }
      return visitChildren(node, state);
    case "command_substitution":
    case "process_substitution":
      return state.visitNested(node);
    case "file_redirect":
      return redirect(node, state, []);
    case "comment":
      return;
    case "ERROR":
      state.facts.findings.push(UNPARSABLE);
      return visitChildren(node, state);
    default:
      return visitChildren(node, state);
  }
}

function visitPipeline(node: SyntaxNode, state: WalkState): void {
  node.namedChildren.forEach((stage, i) => {
    if (stage === null) return;
    const before = state.facts.commands.length;
    withPiped(state, state.piped || i > 0, () => visit(stage, state));
    const simple = stage.type === "command" || (stage.type === "redirected_statement" && stage.childForFieldName("body")?.type === "command");
    // A simple command is pushed after the commands nested in its words, so it is the last one.
    state.pipeSource = simple && state.facts.commands.length > before ? state.facts.commands[state.facts.commands.length - 1] : undefined;
  });
  state.pipeSource = undefined;
}

function assign(node: SyntaxNode, state: WalkState): void {
  const target = node.childForFieldName("name");
  // `a[$(cmd)]=1`, `a[i]=1`: the subscript is arithmetic.
  if (target?.type === "subscript") {
    const index = target.childForFieldName("index");
    if (index !== null) judgeArithmetic(index, state);
    return void (node.childForFieldName("value") !== null && expandValue(node.childForFieldName("value")!, state));
  }
  const name = target?.text;
  const value = node.childForFieldName("value");
  if (name !== undefined && state.shell.integers.has(name) && value !== null) judgeArithmetic(value, state);
  const values = value === null ? [""] : expandValue(value, state);
  if (name === undefined) return;
  state.vars.set(name, values);
  state.facts.assigns.push([name, values[0] ?? "", state.env.cwd]);
}

function visitFor(node: SyntaxNode, state: WalkState): void {
  const name = node.childForFieldName("variable")?.text;
  const words = node.childrenForFieldName("value").filter((c) => c !== null);
  const values = words.length === 0 ? [OPAQUE] : words.flatMap((w) => expandWord(w, state).fields);
  if (name !== undefined) state.vars.set(name, values);
  const body = node.childForFieldName("body");
  if (body !== null) visit(body, state);
}

function visitRedirected(node: SyntaxNode, state: WalkState): void {
  const body0 = node.childForFieldName("body");
  if (body0?.type === "list") return visitRedirectedList(node, body0, state);
  const extraArgs: string[] = [];
  const writesBefore = state.facts.writes.length;
  let stdinText: string | undefined;
  const continuations: SyntaxNode[] = [];
  for (const r of node.childrenForFieldName("redirect")) {
    if (r === null) continue;
    if (r.type === "file_redirect") redirect(r, state, extraArgs);
    else if (r.type === "heredoc_redirect" || r.type === "herestring_redirect") {
      stdinText = hereText(r, state);
      for (const c of r.namedChildren) {
        if (c === null) continue;
        // An unquoted here-document's `$(…)` runs when the shell reads it.
        if (c.type === "heredoc_body") visit(c, state);
        else if (!c.type.startsWith("heredoc_")) continuations.push(c);
      }
    }
  }
  const body = node.childForFieldName("body");
  if (body?.type === "command") visitCommand(body, state, extraArgs, stdinText, writesBefore);
  else if (body !== null) visit(body, state);
  // `cat <<EOF | sh`: the grammar hangs the rest of the pipeline on the here-document.
  const source = body?.type === "command" ? state.facts.commands[state.facts.commands.length - 1] : undefined;
  for (const c of continuations) {
    state.pipeSource = source;
    withPiped(state, true, () => (c.type === "pipeline" ? visitPipeline(c, state) : visit(c, state)));
  }
}

/**
 * `cd x && echo y > f`: the grammar hangs the redirection on the whole list, bash on its last
 * command, so it is taken in the directory both before and after the list.
 */
function visitRedirectedList(node: SyntaxNode, body: SyntaxNode, state: WalkState): void {
  const before = state.env.cwd;
  visit(body, state);
  for (const r of node.childrenForFieldName("redirect")) {
    if (r === null) continue;
    if (r.type !== "file_redirect") visit(r, state);
    else {
      const from = state.facts.writes.length;
      redirect(r, state, []);
      for (const [path] of state.facts.writes.slice(from)) state.facts.writes.push([path, before]);
    }
  }
}

function hereText(node: SyntaxNode, state: WalkState): string {
  if (node.type === "herestring_redirect") {
    const word = node.namedChildren.find((c) => c !== null);
    return word == null ? "" : expandValue(word, state).join("\n");
  }
  return node.namedChildren.find((c) => c?.type === "heredoc_body")?.text ?? "";
}

/** Records a write target; words the grammar wrongly hangs on the redirect are arguments. */
function redirect(node: SyntaxNode, state: WalkState, extraArgs: string[]): void {
  const operator = node.children.find((c) => c !== null && !c.isNamed)?.text ?? "";
  const [target, ...rest] = node.childrenForFieldName("destination").filter((c) => c !== null);
  if (target === undefined) return;
  const fields = expandWord(target, state).fields;
  const duplicatesFd = operator.endsWith("&") || /^\d+$/.test(target.text) || target.text === "-";
  if (/>|<>/.test(operator) && !(operator === ">&" && duplicatesFd)) for (const f of fields) state.facts.writes.push([f, state.env.cwd]);
  if (operator === "<" || operator === "<>") state.stdinFile = fields[0] ?? OPAQUE;
  for (const word of rest) extraArgs.push(...expandWord(word, state).fields);
}

/** `writesFrom`: where this command's redirections start in `facts.writes` (they move onto the command). */
function visitCommand(node: SyntaxNode, state: WalkState, extraArgs: string[], stdinText: string | undefined, writesFrom: number): void {
  // A `< FILE` of the redirected statement around it, or of its own redirections, is its stdin.
  let stdinFile = state.stdinFile;
  state.stdinFile = undefined;
  const argv: string[] = [];
  const assigns: Array<[string, string]> = [];
  let dynamicName = false;
  const words: SyntaxNode[][] = [];
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "variable_assignment") {
      const value = child.childForFieldName("value");
      // Walks any $(…) in it; the value lives only for this command.
      const values = value === null ? [""] : expandValue(value, state);
      assigns.push([child.childForFieldName("name")?.text ?? "", values[0] ?? ""]);
    } else if (child.type === "file_redirect") {
      redirect(child, state, extraArgs);
      stdinFile = state.stdinFile ?? stdinFile;
      state.stdinFile = undefined;
    }
    else if (child.type === "herestring_redirect") stdinText = hereText(child, state);
    else {
      const last = words[words.length - 1];
      const previous = last?.[last.length - 1];
      if (previous !== undefined && previous.endIndex === child.startIndex) last!.push(child);
      else words.push([child]);
    }
  }
  for (const word of words) {
    const expanded = expandWord(word, state);
    if (word[0]!.type === "command_name") dynamicName = expanded.dynamic;
    argv.push(...expanded.fields);
  }
  argv.push(...extraArgs);
  if (argv.length === 0) {
    for (const [name, value] of assigns) state.vars.set(name, [value]);
    return void state.facts.assigns.push(...assigns.map(([n, v]): [string, string, string] => [n, v, state.env.cwd]));
  }
  // Commands nested in the words took their own writes already; the rest are this command's.
  const writes = state.facts.writes.splice(writesFrom);
  const command: SimpleCommand = { argv, dynamicName, piped: state.piped, cwd: state.env.cwd, redirectTargets: writes.map(([p]) => p), writes, assigns };
  if (state.piped && state.pipeSource !== undefined) command.pipedFrom = state.pipeSource;
  if (stdinText !== undefined) command.stdinText = stdinText;
  if (stdinFile !== undefined) command.stdinFile = stdinFile;
  state.facts.commands.push(command);
  shellBuiltin(argv, state);
}

const ARITHMETIC_DECLARE = /^(?:declare|typeset|local|export|readonly)$/;
const GLOB_OPTIONS = /^(?:extglob|globstar|nocaseglob|dotglob|nullglob|failglob|globasciiranges|nocasematch|globskipdots)$/;

/** What builtins change for the rest of the line: the directory, glob options, arithmetic variables, created directories. */
function shellBuiltin(argv: readonly string[], state: WalkState): void {
  const [name = "", ...args] = argv;
  if (name === "cd" || name === "pushd") changeDirectory(args.find((a) => !a.startsWith("-") || a === "-"), state);
  else if (name === "shopt" && args.includes("-s") && args.some((a) => GLOB_OPTIONS.test(a))) state.shell.unknownGlobs = true;
  else if (name === "mkdir") for (const a of args) if (!a.startsWith("-")) state.made.add(absolutePath(a, state.env));
  if (name === "let" || (ARITHMETIC_DECLARE.test(name) && args.some((a) => /^-[a-zA-Z]*i/.test(a)))) {
    const names = args.filter((a) => !a.startsWith("-")).join(" ");
    if (names.includes(OPAQUE) || /[A-Za-z_]/.test(names.replace(/^[A-Za-z_][A-Za-z0-9_]*=/gm, "").replace(/(?:^| )[A-Za-z_][A-Za-z0-9_]*=/g, " "))) state.note(ARITHMETIC_UNKNOWN);
  }
}

const ARITHMETIC_UNKNOWN: Finding = {
  key: "arithmetic-code",
  reason: "let or declare -i evaluates text as arithmetic (a value like a[$(cmd)] runs cmd)",
  verdict: "ask",
};

/**
 * Later commands of `cd / && rm -rf *` run in the new directory. A `cd` the line cannot follow
 * (an unknown target, CDPATH, `cd -`, a directory that does not exist and that the line does not
 * create, so `cd` may fail and leave the old one) leaves the directory unknown.
 */
function changeDirectory(target: string | undefined, state: WalkState): void {
  if (target === undefined) return void (state.env.cwd = state.env.home);
  const cdpath = state.vars.get("CDPATH") ?? (state.env.vars.CDPATH ? [state.env.vars.CDPATH] : undefined);
  if (target.includes(OPAQUE) || target === "-" || (cdpath !== undefined && !/^\.{0,2}\//.test(target))) return void (state.env.cwd = UNKNOWN_CWD);
  if (state.env.cwd === UNKNOWN_CWD && !target.startsWith("/")) return;
  const next = absolutePath(target, state.env);
  state.env.cwd = existsSync(next) || state.made.has(next) ? resolve(next) : UNKNOWN_CWD;
}

function defineFunction(node: SyntaxNode, state: WalkState): void {
  if (isForkBomb(node)) state.facts.findings.push(FORK_BOMB);
  const name = node.childForFieldName("name")?.text;
  const body = node.childForFieldName("body");
  if (name !== undefined && body !== null) state.facts.functions.push({ name, body: body.text });
}

/** `f() { f | f & }`: the body calls the function itself inside a pipeline or in the background. */
function isForkBomb(node: SyntaxNode): boolean {
  const name = node.childForFieldName("name")?.text;
  const body = node.childForFieldName("body");
  if (name === undefined || body === null) return false;
  const selfCalls = body.descendantsOfType("command").filter((c) => c?.childForFieldName("name")?.text === name);
  if (selfCalls.length === 0) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return selfCalls.some((c) => c?.parent?.type === "pipeline") || new RegExp(`${escaped}\\s*&(?!&)`).test(body.text);
}

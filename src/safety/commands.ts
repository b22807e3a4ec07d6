/**
 * Walks a bash parse tree and lists every simple command it would run — in lists, pipelines,
 * subshells, `$(…)`, backticks, process substitutions, function bodies, if/for/while/case —
 * with its words expanded (see words.ts), plus the files its redirections write and the
 * structural findings (fork bombs, parse errors).
 */
import { resolve } from "node:path";
import type { SyntaxNode } from "./parser.js";
import type { SafetyEnv } from "./paths.js";
import { OPAQUE, expandValue, expandWord, type WordScope } from "./words.js";

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
  /** Files its own redirections write (`curl … > x.sh`). */
  redirectTargets: string[];
  /** The same, with the directory each is relative to: [path, cwd]. */
  writes: Array<[string, string]>;
  cwd: string;
}

export interface Finding {
  key: string;
  reason: string;
  verdict: "ask" | "refuse";
  /** Only a person answering this very request may approve it (see RuleHit.explicit). */
  explicit?: true;
  /**
   * What the sandbox cannot contain (data destroyed elsewhere: datastores, buckets, remote
   * repositories): kept when the command runs sandboxed. Refusals are always kept.
   */
  remote?: true;
}

export interface ShellFacts {
  commands: SimpleCommand[];
  /** Files written by `>`, `>>`, `&>`, `>|`, `<>` of no simple command (`{ …; } > f`): [path, cwd]. */
  writes: Array<[string, string]>;
  findings: Finding[];
}

interface WalkState extends WordScope {
  facts: ShellFacts;
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

/** The facts of one parsed command line. `vars` is shared so `bash -c` strings see earlier assignments. */
export function collectFacts(root: SyntaxNode, env: SafetyEnv, vars: Map<string, string[]>, knownPaths: readonly string[]): ShellFacts {
  const facts: ShellFacts = { commands: [], writes: [], findings: [] };
  const state: WalkState = {
    env: { ...env },
    vars,
    knownPaths,
    facts,
    piped: false,
    visitNested: (node) => withPiped(state, false, () => visitChildren(node, state)),
  };
  visit(root, state);
  return facts;
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
      if (isForkBomb(node)) state.facts.findings.push(FORK_BOMB);
      return visitChildren(node, state);
    case "command_substitution":
    case "process_substitution":
      return state.visitNested(node);
    case "file_redirect":
      return redirect(node, state, []);
    case "heredoc_body":
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
  const name = node.childForFieldName("name")?.text;
  const value = node.childForFieldName("value");
  const values = value === null ? [""] : expandValue(value, state);
  if (name !== undefined) state.vars.set(name, values);
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
  const extraArgs: string[] = [];
  const writesBefore = state.facts.writes.length;
  let stdinText: string | undefined;
  const continuations: SyntaxNode[] = [];
  for (const r of node.childrenForFieldName("redirect")) {
    if (r === null) continue;
    if (r.type === "file_redirect") redirect(r, state, extraArgs);
    else if (r.type === "heredoc_redirect" || r.type === "herestring_redirect") {
      stdinText = hereText(r, state);
      for (const c of r.namedChildren) if (c !== null && !c.type.startsWith("heredoc_")) continuations.push(c);
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
  for (const word of rest) extraArgs.push(...expandWord(word, state).fields);
}

/** `writesFrom`: where this command's redirections start in `facts.writes` (they move onto the command). */
function visitCommand(node: SyntaxNode, state: WalkState, extraArgs: string[], stdinText: string | undefined, writesFrom: number): void {
  const argv: string[] = [];
  let dynamicName = false;
  const words: SyntaxNode[][] = [];
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "variable_assignment") {
      const value = child.childForFieldName("value");
      if (value !== null) expandValue(value, state); // walks any $(…) in it; the value lives only for this command
    } else if (child.type === "file_redirect") redirect(child, state, extraArgs);
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
  if (argv.length === 0) return;
  // Commands nested in the words took their own writes already; the rest are this command's.
  const writes = state.facts.writes.splice(writesFrom);
  const command: SimpleCommand = { argv, dynamicName, piped: state.piped, cwd: state.env.cwd, redirectTargets: writes.map(([p]) => p), writes };
  if (state.piped && state.pipeSource !== undefined) command.pipedFrom = state.pipeSource;
  if (stdinText !== undefined) command.stdinText = stdinText;
  state.facts.commands.push(command);
  if (argv[0] === "cd" || argv[0] === "pushd") changeDirectory(argv.slice(1).find((a) => !a.startsWith("-") || a === "-"), state);
}

/** Later commands of `cd / && rm -rf *` run in the new directory. */
function changeDirectory(target: string | undefined, state: WalkState): void {
  if (target === undefined) state.env.cwd = state.env.home;
  else if (!target.includes(OPAQUE) && target !== "-") state.env.cwd = resolve(state.env.cwd, target);
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

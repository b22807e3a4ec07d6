/**
 * Turns a word of the parse tree into the fields bash would pass, as far as the command line
 * alone tells: quote removal, backslashes, ANSI-C `$'…'`, literal variables (assigned earlier
 * in the command, or HOME/PWD), `$IFS` splitting, `~`, brace expansion and globs against the
 * real filesystem. Whatever cannot be known becomes OPAQUE inside the field.
 */
import { basename } from "node:path";
import type { SyntaxNode } from "./parser.js";
import { ESC, braceExpand, expandGlob, hasGlob, unescape } from "./glob.js";
import { isSecretName } from "./child-env.js";
import type { Finding } from "./finding.js";
import { absolutePath, type SafetyEnv, UNKNOWN_CWD } from "./paths.js";

/** An unknown piece of a word (a `$(…)` result, an unset variable, `$1`…). */
export const OPAQUE = "\u0000";
/** An unquoted expansion boundary where bash splits fields (also between the words of `"$@"`). */
export const SPLIT = "\u0002";
const MAX_ALTERNATIVES = 64;
const QUOTABLE = /[*?[\]{},\\]/g;

export interface WordScope {
  env: SafetyEnv;
  /** Variables assigned literally earlier in the command line: each value's alternatives. */
  vars: Map<string, string[]>;
  /** Walks the commands inside `$(…)`, backticks and `<(…)`. */
  visitNested(node: SyntaxNode): void;
  /** The critical paths, for glob matching independent of this filesystem. */
  knownPaths: readonly string[];
  /** Records what a word's expansion does that the guard cannot follow. */
  note(finding: Finding): void;
  /** Shell options seen so far in the line. */
  shell: ShellOptions;
}

export interface ShellOptions {
  /** `shopt -s extglob|globstar|nocaseglob|dotglob|…`: globs no longer match as read here. */
  unknownGlobs: boolean;
  /** Names declared integer (`declare -i n`): assigning them evaluates arithmetic. */
  integers: Set<string>;
}

const PROMPT_EXPANSION: Finding = {
  key: "opaque-expansion",
  reason: "an expansion whose result the command line does not tell runs code (${x@P} prompt expansion, ${!ref} indirection)",
  verdict: "ask",
};
const ARITHMETIC: Finding = {
  key: "arithmetic-code",
  reason: "an arithmetic context evaluates a variable whose value is not known (a value like a[$(cmd)] runs cmd)",
  verdict: "ask",
};

export interface Expanded {
  fields: string[];
  /** The word's value came from a variable, `$(…)` or another expansion (HOME, PWD and ~ excepted). */
  dynamic: boolean;
}

interface Partial {
  alts: string[];
  dynamic: boolean;
}

const quote = (text: string): string => text.replace(QUOTABLE, (ch) => ESC + ch);
const literal = (text: string, quoted: boolean): Partial => ({ alts: [quoted ? quote(text) : text], dynamic: false });

/**
 * The fields of an argument or command word. The grammar sometimes cuts one bash word in two
 * (`-rf$IFS/etc` → `-rf$` + `IFS/etc`); callers pass such touching nodes together.
 */
export function expandWord(nodes: SyntaxNode | readonly SyntaxNode[], scope: WordScope): Expanded {
  const partial = evaluateRun(Array.isArray(nodes) ? nodes : [nodes as SyntaxNode], scope);
  const fields: string[] = [];
  for (const alt of partial.alts) {
    for (const braced of braceExpand(alt)) {
      for (const field of braced.split(SPLIT)) {
        if (field === "" && braced !== "") continue;
        fields.push(...globbed(field, scope));
      }
    }
  }
  return { fields: [...new Set(fields)], dynamic: partial.dynamic };
}

/**
 * Touching nodes as one word. Concatenations are flattened and plain words (and the stray `$`
 * tokens the grammar leaves) are rejoined as text first, so a split `$NAME` is whole again.
 */
function evaluateRun(nodes: readonly SyntaxNode[], scope: WordScope): Partial {
  const parts: Partial[] = [];
  let text = "";
  let first = true;
  const flushText = (): void => {
    if (text !== "") parts.push(unquotedWord(text, scope, parts.length === 0));
    text = "";
  };
  for (const node of nodes.flatMap(flatten)) {
    if (node.type === "word" || !node.isNamed) text += node.text;
    else {
      flushText();
      parts.push(evaluate(node, scope, false, first));
    }
    first = false;
  }
  flushText();
  return parts.reduce(join2, { alts: [""], dynamic: false });
}

function flatten(node: SyntaxNode): SyntaxNode[] {
  if (node.type === "command_name") return node.children.filter((c) => c !== null).flatMap(flatten);
  if (node.type === "concatenation") return node.children.filter((c) => c !== null).flatMap(flatten);
  return [node];
}

/** The value of an assignment's right-hand side: no splitting, no globbing (as bash does). */
export function expandValue(node: SyntaxNode, scope: WordScope): string[] {
  return evaluate(node, scope, false, true).alts.map((alt) => unescape(alt.split(SPLIT).join(" ")));
}

/** A glob yields its pattern (a trailing `/*` still names its directory) and every match. */
function globbed(field: string, scope: WordScope): string[] {
  if (scope.shell.unknownGlobs && (hasGlob(field) || EXTGLOB.test(field))) {
    // What precedes the glob is known: `**/x` stays under the working directory.
    const prefix = unescape(field.slice(0, firstGlob(field)));
    return [(/^[/~]/.test(prefix) ? prefix : `./${prefix}`) + OPAQUE];
  }
  if (!hasGlob(field) || field.includes(OPAQUE)) return [unescape(field)];
  return [unescape(field), ...expandGlob(field, scope.env.cwd, scope.knownPaths)];
}

const EXTGLOB = /(?:^|[^\u0001])[?*+@!]\(/;

/** Where the first unquoted glob character of an encoded field is. */
function firstGlob(field: string): number {
  for (let i = 0; i < field.length; i++) {
    if (field[i] === ESC) i++;
    else if ("*?[".includes(field[i]!) || ("+@!".includes(field[i]!) && field[i + 1] === "(")) return i;
  }
  return field.length;
}

/** Walks the `$(…)` inside a node the word evaluation does not descend into (`${x:-$(…)}`, `$(( $(…) ))`). */
function walkNested(node: SyntaxNode, scope: WordScope): void {
  if (node.type === "command_substitution" || node.type === "process_substitution") return scope.visitNested(node);
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") scope.visitNested(child);
    else walkNested(child, scope);
  }
}

/** Arithmetic evaluates variables as expressions: each one must hold a known number (`text` defaults to the node's). */
export function judgeArithmetic(node: SyntaxNode, scope: WordScope, text = node.text): void {
  walkNested(node, scope);
  const names = [...text.matchAll(/(?<![0-9A-Za-z_#])\$?\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const assigned = new Set([...text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)/g)].map((m) => m[1]!));
  const numeric = (name: string): boolean => {
    const env = scope.env.vars[name];
    const values = scope.vars.get(name) ?? (env === undefined ? undefined : [env]);
    return values !== undefined && values.every((v) => /^\s*-?\d+\s*$/.test(v));
  };
  if (names.some((n) => !assigned.has(n) && !numeric(n))) scope.note(ARITHMETIC);
}

function evaluate(node: SyntaxNode, scope: WordScope, quoted: boolean, atStart: boolean): Partial {
  switch (node.type) {
    case "word":
    case "command_name":
    case "number":
      return node.type === "command_name" && node.namedChildCount > 0
        ? evaluate(node.namedChild(0)!, scope, quoted, atStart)
        : unquotedWord(node.text, scope, atStart);
    case "raw_string":
      return literal(node.text.slice(1, -1), true);
    case "ansi_c_string":
      return literal(decodeAnsiC(node.text.slice(2, -1)), true);
    case "string":
    case "translated_string":
      return doubleQuoted(node, scope);
    case "concatenation":
      return evaluateRun([node], scope);
    case "simple_expansion":
      return variable(node.text, scope, quoted);
    case "expansion":
      walkNested(node, scope);
      if (/^\$\{!|@[PEAKaku]?P/.test(node.text) || /@P\}$/.test(node.text)) scope.note(PROMPT_EXPANSION);
      if (/\[/.test(node.text)) judgeArithmetic(node, scope, /\[(.*)\]/s.exec(node.text)?.[1] ?? "");
      return variable(node.text, scope, quoted);
    case "arithmetic_expansion":
      judgeArithmetic(node, scope);
      return { alts: [OPAQUE], dynamic: true };
    case "command_substitution":
      scope.visitNested(node);
      return { alts: [echoed(node, scope) ?? OPAQUE], dynamic: true };
    case "process_substitution":
      scope.visitNested(node);
      return { alts: [OPAQUE], dynamic: true };
    case "brace_expression":
      return unquotedWord(node.text, scope, atStart);
    default:
      walkNested(node, scope);
      return { alts: [quoted ? quote(node.text) : node.text], dynamic: node.type.includes("expansion") };
  }
}

/**
 * Unquoted text: `\x` quotes x, `\<newline>` vanishes, a leading `~` is the home. The grammar
 * sometimes leaves a `$NAME` inside a plain word (`$IFS/etc`), so those are expanded here too.
 */
function unquotedWord(text: string, scope: WordScope, atStart: boolean): Partial {
  const pieces: Partial[] = [];
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ref = text[i] === "$" ? /^\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(text.slice(i)) : null;
    if (ref !== null) {
      pieces.push({ alts: [out], dynamic: false }, variable(ref[0], scope, false));
      out = "";
      i += ref[0].length - 1;
    } else if (text[i] !== "\\") out += text[i];
    else if (text[i + 1] === "\n") i++;
    else if (i + 1 < text.length) out += ESC + text[++i]!;
  }
  pieces.push({ alts: [out], dynamic: false });
  if (atStart) {
    const first = pieces[0]!.alts[0]!;
    // `~+` is $PWD, `~-` is $OLDPWD (not followed: unknown).
    const pwd = /^~([+-])(?=\/|$)/.exec(first);
    if (pwd !== null) {
      const dir = pwd[1] === "+" && scope.env.cwd !== UNKNOWN_CWD ? quote(scope.env.cwd) : OPAQUE;
      pieces[0] = { alts: [dir + first.slice(2)], dynamic: pwd[1] === "-" };
      return pieces.reduce(join2);
    }
    const m = /^~([\w.-]*)(?=\/|$)/.exec(first);
    if (m !== null && (pieces.length === 1 || first.length > m[0].length)) {
      pieces[0] = { alts: [quote(absolutePath(m[0], scope.env)) + first.slice(m[0].length)], dynamic: false };
    }
  }
  return pieces.reduce(join2);
}

function join2(acc: Partial, next: Partial): Partial {
  const alts: string[] = [];
  for (const a of acc.alts) for (const b of next.alts) if (alts.length < MAX_ALTERNATIVES) alts.push(a + b);
  return { alts, dynamic: acc.dynamic || next.dynamic };
}

function doubleQuoted(node: SyntaxNode, scope: WordScope): Partial {
  const parts: SyntaxNode[] = [];
  let acc: Partial = { alts: [""], dynamic: false };
  const text = node.text;
  const base = node.startIndex;
  let at = node.type === "translated_string" ? 2 : 1;
  const append = (next: Partial): void => void (acc = join2(acc, next));
  for (const child of node.namedChildren) if (child !== null) parts.push(child);
  for (const child of parts) {
    const start = child.startIndex - base;
    if (start > at) append(literal(unescapeDouble(text.slice(at, start)), true));
    append(child.type === "string_content" ? literal(unescapeDouble(child.text), true) : evaluate(child, scope, true, false));
    at = child.endIndex - base;
  }
  if (text.length - 1 > at) append(literal(unescapeDouble(text.slice(at, -1)), true));
  return acc;
}

function unescapeDouble(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === "\n" ? "" : ch));
}

const PARAM = /^(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])(?:(:?[-=+?])(.*)|(.*))?$/s;

/** `$x`, `${x}`, `${x:-default}`, … with what the command line tells about x. */
function variable(text: string, scope: WordScope, quoted: boolean): Partial {
  const m = PARAM.exec(text.startsWith("${") ? text.slice(2, -1) : text.slice(1));
  if (m === null) return { alts: [OPAQUE], dynamic: true };
  const [, length, name = "", op, operand, other] = m;
  if (name === "IFS" && !quoted && op === undefined) return { alts: [SPLIT], dynamic: false };
  const known = lookup(name, scope);
  const wellKnown = name === "HOME" || name === "PWD" || name === "USER" || name === "LOGNAME";
  if (length === "#") return { alts: [OPAQUE], dynamic: true };
  // `"$@"` keeps the words apart; every other value splits on whitespace only when unquoted.
  const values = (known ?? [OPAQUE]).map((v) => (quoted ? quote(name === "*" ? v.split(SPLIT).join(" ") : v) : v.replace(/\s+/g, SPLIT)));
  if (op !== undefined) {
    const fallback = stripQuotes(operand ?? "");
    const withDefault = known === undefined ? [...values, quoted ? quote(fallback) : fallback] : values;
    return { alts: withDefault, dynamic: true };
  }
  if (other !== undefined && other !== "") return { alts: [OPAQUE, ...values], dynamic: true };
  return { alts: values, dynamic: !wellKnown };
}

function lookup(name: string, scope: WordScope): string[] | undefined {
  const assigned = scope.vars.get(name);
  if (assigned !== undefined) return assigned;
  if (name === "HOME") return [scope.env.home];
  if (name === "PWD") return [scope.env.cwd === UNKNOWN_CWD ? OPAQUE : scope.env.cwd];
  if (name === "USER" || name === "LOGNAME") return [basename(scope.env.home)];
  // The environment the command really gets. Secret-looking names stay unknown: the terminal does
  // not get them (child-env.ts), and their values must never reach an InnerCommand's argv.
  const fromEnv = /^[A-Za-z_]/.test(name) && !isSecretName(name) ? scope.env.vars[name] : undefined;
  return fromEnv === undefined ? undefined : [fromEnv];
}

function stripQuotes(text: string): string {
  return text.replace(/^["']|["']$/g, "");
}

/** `$(echo x)` / `$(printf %s x)` with literal arguments is just x; `$()`, `$(true)` are empty. */
function echoed(node: SyntaxNode, scope: WordScope): string | undefined {
  const body = node.namedChildren.filter((c) => c !== null && c.type !== "comment");
  if (body.length === 0) return "";
  if (body.length !== 1 || body[0]!.type !== "command") return undefined;
  const words = body[0]!.namedChildren.filter((c) => c !== null);
  const name = words[0]?.text;
  if ((name === "true" || name === ":") && words.length === 1) return "";
  if (name === "mktemp") return mktempPath(words.slice(1).map((w) => expandValue(w, scope)[0] ?? OPAQUE), scope);
  if (name !== "echo" && name !== "printf") return undefined;
  const args = words.slice(name === "printf" && words[1]?.text === "%s" ? 2 : 1);
  if (args.some((a) => a.type !== "word" && a.type !== "raw_string" && a.type !== "string")) return undefined;
  return args.map((a) => expandValue(a, scope)[0] ?? "").join(" ");
}

/**
 * What `$(mktemp …)` prints: a new name in the directory it is given (`-p DIR`, `--tmpdir=DIR`, a
 * template's directory) or in $TMPDIR or /tmp. The name is unknown but fresh, so it stands here
 * as a fixed one in that directory.
 */
function mktempPath(args: readonly string[], scope: WordScope): string | undefined {
  let dir = scope.env.vars.TMPDIR || "/tmp";
  let template: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-p" || a === "--tmpdir") dir = args[++i] ?? OPAQUE;
    else if (a.startsWith("--tmpdir=")) dir = a.slice("--tmpdir=".length);
    else if (a.startsWith("-p") && a.length > 2) dir = a.slice(2);
    else if (!a.startsWith("-")) template = a;
  }
  if (template?.includes("/") === true) dir = template.slice(0, template.lastIndexOf("/")) || "/";
  if (dir.includes(OPAQUE)) return undefined;
  return `${absolutePath(dir, scope.env)}/quiver-mktemp-new`;
}

const ANSI_SIMPLE: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v" };

/** The body of `$'…'` decoded: \xHH, \uHHHH, \UHHHHHHHH, octal, \cX and the usual letters. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs, (_, esc: string) => {
    const kind = esc[0]!;
    if (kind === "x" || kind === "u" || kind === "U") return safeCodePoint(parseInt(esc.slice(1), 16));
    if (/[0-7]/.test(kind)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (kind === "c") return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return ANSI_SIMPLE[kind] ?? esc;
  });
}

function safeCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : "";
}

/**
 * The fast path of `moduleRegistersTools`: a lexer-level scanner over a module's bytes that
 * finds top-level `registry.register(...)` expression statements (and those directly in the
 * body of a top-level `for`) without building a syntax tree. This file is its statement level:
 * where a statement may start, and whether the statement there is a register call.
 *
 * It lexes exactly what decides structure — strings, template literals with `${}` nesting,
 * comments, regex literals, brackets (scan-token-reader.ts, scan-bytes.ts) — and reasons about
 * statement boundaries (`;`, blocks, automatic semicolon insertion) only around the few tokens
 * that can start a register statement; a bracketed group below the counting levels is skipped
 * in one tight loop (scan-group-skipper.ts).
 * Wherever the bytes leave any doubt (a `/` after `}`, a generic `>` before a line break, a
 * lexical error, non-ASCII code, ...) it answers "unsure", and the caller asks the full
 * TypeScript parser; so its "registers"/"none" answers are the parser's answers. Grammar errors
 * with balanced brackets (`const x = ;`) are not detected here: such a file fails at import,
 * where discovery logs and skips it.
 */
import { BACKTICK } from "./scan-bytes.js";
import { ANSWERS, FRAMES, TOKEN_KINDS, WORD_IDS } from "./scan-codes.js";
import { TokenReader } from "./scan-token-reader.js";

// Module-local copies of the shared codes (why: scan-codes.ts).
const { EOF, ERROR, IDENT, LITERAL, TEMPLATE_HEAD, LPAREN, RPAREN, LBRACK, RBRACK, LBRACE, RBRACE, SEMI, DOT, GT, BANG, INCDEC, OP } = TOKEN_KINDS;
const { F_HEADER, F_WHILE_AFTER_DO, F_FOR_COUNTING, F_BRACE_COUNTING } = FRAMES;
const { NO, YES, UNSURE } = ANSWERS;
const { W_PLAIN, W_REGISTRY, W_REGISTER, W_AWAIT, W_VOID, W_FOR, W_NESTED, W_AS, W_BINARY, W_VALUE } = WORD_IDS;

export type ScanVerdict = "registers" | "none" | "unsure";

/** Decides from the bytes of a module whether its top level registers tools; "unsure" means: ask the parser. */
export function scanTopLevel(source: Buffer): ScanVerdict {
  return new TopLevelScanner(new TokenReader(source)).run();
}

// Whether a token starts a statement at a counting level.
const NOT_START: number = 0;
const START: number = 1;
const FOR_BODY: number = 2; // the single-statement body of a top-level for
const DOUBT: number = 3;

class TopLevelScanner {
  constructor(private readonly t: TokenReader) {}

  run(): ScanVerdict {
    const t = this.t;
    let found = false;
    t.advance();
    for (;;) {
      if (t.kind === EOF) return found ? "registers" : "none";
      if (t.kind === ERROR) return "unsure";
      const start = this.isStarter() ? this.statementStart() : NOT_START;
      if (start === DOUBT) return "unsure";
      if (start !== NOT_START) {
        if (t.kind === IDENT && t.curWord() === W_FOR) {
          if (start === START && t.depthBefore === 0) t.countForBody();
        } else {
          // The matcher leaves the token after the statement unconsumed: it may start the next one.
          const match = matchRegisterStatement(t);
          if (match === UNSURE) return "unsure";
          if (match === YES) found = true;
          continue;
        }
      }
      this.step();
    }
  }

  /** Moves past the current token, or past the whole group it opens when that group cannot count. */
  private step(): void {
    const t = this.t;
    const k = t.kind;
    const opens = k === LPAREN || k === LBRACK || k === TEMPLATE_HEAD || (k === LBRACE && t.stack[t.stack.length - 1] !== F_BRACE_COUNTING);
    if (opens) t.skipGroup(t.depthBefore);
    else t.advance();
  }

  /** A token that may begin a register statement (or a counting `for`, or a `<T>` cast) at a level that counts. */
  private isStarter(): boolean {
    const t = this.t;
    const d = t.depthBefore;
    if (d !== 0 && !(d === 1 && t.stack[0] === F_BRACE_COUNTING)) return false;
    if (t.kind === LPAREN) return true;
    if (t.kind === OP) return t.byte === 0x3c;
    if (t.kind !== IDENT || t.isProp) return false;
    const w = t.curWord();
    return w === W_REGISTRY || w === W_AWAIT || w === W_VOID || w === W_FOR;
  }

  /** Whether the current token starts a statement at its level, judged from the token before it. */
  private statementStart(): number {
    const t = this.t;
    if (t.kind === OP) return this.castMayStart();
    const paren = t.kind === LPAREN;
    switch (t.prevKind) {
      case EOF:
      case SEMI:
      case LBRACE: // only the opening brace of a counting for body gets here
        return START;
      case RPAREN:
        if (t.prevClosed === F_FOR_COUNTING) return t.kind === IDENT && t.curWord() === W_FOR ? NOT_START : FOR_BODY;
        if (t.prevClosed === F_HEADER) return NOT_START;
        if (t.prevClosed === F_WHILE_AFTER_DO) return DOUBT;
        return this.afterExpression(paren);
      case RBRACE:
        // A block ends a statement; an object or function expression needs a line break (ASI),
        // and a `(` on the next line would call it. Which one it was is not known here.
        return t.newline && !paren ? START : DOUBT;
      case IDENT:
        return this.afterWord(paren);
      case LITERAL:
      case RBRACK:
        return this.afterExpression(paren);
      case GT:
        // On one line `a > b`, `f<T>(x)`, `<T,>(x) => x` continue an expression (a `<T>` cast at a
        // statement start is caught at its `<`); across a line break `let m: Map<K, V>` may end.
        return t.newline ? DOUBT : NOT_START;
      case INCDEC:
        return DOUBT;
      case BANG:
        return t.newline ? DOUBT : NOT_START;
      default:
        return NOT_START;
    }
  }

  /**
   * A `<` that may open a `<T>expr` cast at a statement start (also after a line break: in
   * `let h: Handler` + newline + `<T>x`, type arguments cannot cross the break). Too rare to
   * reason about, so ask.
   */
  private castMayStart(): number {
    const t = this.t;
    const k = t.prevKind;
    const statementEnded = k === EOF || k === SEMI || k === LBRACE || k === RBRACE || (k === RPAREN && t.prevClosed === F_FOR_COUNTING);
    return statementEnded || t.newline ? DOUBT : NOT_START;
  }

  private afterWord(paren: boolean): number {
    const t = this.t;
    const w = t.prevIsProp ? W_PLAIN : t.prevWord();
    if (w === W_PLAIN || w === W_REGISTRY || w === W_REGISTER || w === W_VALUE) return this.afterExpression(paren);
    if (w === W_NESTED) return NOT_START;
    // A keyword: on the same line it governs what follows; across a line break it may or may
    // not end a statement (`return`, `let`, a type ending in `void`), so ask the parser.
    return t.newline ? DOUBT : NOT_START;
  }

  private afterExpression(paren: boolean): number {
    const t = this.t;
    // `f\n(x)` calls f, but `import x from "y"` or `let h: Handler` + newline + `(x)` is a new
    // statement: a declaration's last token looks like an expression's.
    if (paren) return t.newline ? DOUBT : NOT_START;
    return t.newline ? START : DOUBT; // `x registry` on one line is a syntax error
  }
}

// ---- the register statement ----

/**
 * At a statement start: `[(|await|void]* registry(.|?.)register[?.](...)`, then the wrapping
 * parens closed, then the end of the statement. YES, NO or UNSURE (ask the parser); the token
 * after the statement is left unconsumed: it may start the next one.
 */
function matchRegisterStatement(t: TokenReader): number {
  let open = 0;
  for (;;) {
    if (t.kind === LPAREN) open++;
    else if (!(t.kind === IDENT && !t.isProp && (t.curWord() === W_AWAIT || t.curWord() === W_VOID))) break;
    t.advance();
  }
  if (!(t.kind === IDENT && !t.isProp && t.curWord() === W_REGISTRY)) return NO;
  t.advance();
  if (t.kind !== DOT) return NO;
  t.advance();
  if (!(t.kind === IDENT && t.curWord() === W_REGISTER)) return NO;
  t.advance();
  if (t.kind === OP && t.byte === 0x3c) return UNSURE; // register<T>(...): type arguments
  if (t.kind === DOT && t.byte === 0x3f) t.advance(); // register?.(...)
  if (t.kind !== LPAREN) return NO;
  t.skipGroup(t.depthBefore);
  if (t.kind !== RPAREN) return UNSURE;
  t.advance();
  for (; open > 0; open--) {
    if (t.kind !== RPAREN) return castFollows(t) ? UNSURE : NO;
    t.advance();
  }
  return statementEnds(t);
}

function castFollows(t: TokenReader): boolean {
  return t.kind === BANG || (t.kind === IDENT && !t.isProp && t.curWord() === W_AS);
}

/** After the call: does the expression statement end here (`;`, `}`, end of file, or ASI)? */
function statementEnds(t: TokenReader): number {
  const k = t.kind;
  if (k === ERROR) return UNSURE;
  if (k === EOF || k === SEMI || k === RBRACE) return YES;
  const binaryWord = k === IDENT && !t.isProp && t.curWord() === W_BINARY;
  const continues = k === DOT || k === LPAREN || k === LBRACK || k === TEMPLATE_HEAD || k === GT || binaryWord ||
    (k === LITERAL && t.byte === BACKTICK);
  if (!t.newline) {
    if (castFollows(t)) return UNSURE;
    if (continues || k === INCDEC || (k === OP && isBinaryOperator(t.byte))) return NO;
    return UNSURE; // `registry.register(x) foo`: a syntax error, let the parser report it
  }
  if (continues) return NO;
  if (k === OP) {
    if (isBinaryOperator(t.byte)) return NO;
    return t.byte === 0x7e ? YES : UNSURE; // `~x` starts a new statement; `:`, `=>`, `...`, `@` are odd here
  }
  // `!`, `++`, `--`, `as`, `satisfies` after a line break start a new statement (no ASI hazard).
  return YES;
}

/** An OP token (by its first character) that continues an expression as a binary operator. */
function isBinaryOperator(first: number): boolean {
  switch (first) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x2a: // *
    case 0x2f: // /
    case 0x25: // %
    case 0x3c: // <
    case 0x26: // &
    case 0x7c: // |
    case 0x5e: // ^
    case 0x3f: // ?
    case 0x2c: // ,
    case 0x21: // != !==
    case 0x3e: // >= >>= (a lone `>` is a GT token)
      return true;
    default:
      return false;
  }
}

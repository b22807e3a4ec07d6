/**
 * The fast path of `moduleRegistersTools`: a lexer-level scanner over a module's bytes that
 * finds top-level `registry.register(...)` expression statements (and those directly in the
 * body of a top-level `for`) without building a syntax tree.
 *
 * It lexes exactly what decides structure — strings, template literals with `${}` nesting,
 * comments, regex literals, brackets — and reasons about statement boundaries (`;`, blocks,
 * automatic semicolon insertion) only around the few tokens that can start a register
 * statement; a bracketed group below the counting levels is skipped in one tight loop.
 * Wherever the bytes leave any doubt (a `/` after `}`, a generic `>` before a line break, a
 * lexical error, non-ASCII code, ...) it answers "unsure", and the caller asks the full
 * TypeScript parser; so its "registers"/"none" answers are the parser's answers. Grammar errors
 * with balanced brackets (`const x = ;`) are not detected here: such a file fails at import,
 * where discovery logs and skips it.
 */

export type ScanVerdict = "registers" | "none" | "unsure";

/** Decides from the bytes of a module whether its top level registers tools; "unsure" means: ask the parser. */
export function scanTopLevel(source: Buffer): ScanVerdict {
  return new TopLevelScanner(source).run();
}

// The constants are typed `number` so that TypeScript does not narrow fields across calls.

// Token kinds.
const EOF: number = 0;
const ERROR: number = 1;
const IDENT: number = 2;
const LITERAL: number = 3; // number, string, regex, or a complete template / template tail
const TEMPLATE_HEAD: number = 4; // `...${ : an operand follows
const LPAREN: number = 5;
const RPAREN: number = 6;
const LBRACK: number = 7;
const RBRACK: number = 8;
const LBRACE: number = 9;
const RBRACE: number = 10;
const SEMI: number = 11;
const DOT: number = 12; // `.` or `?.`
const GT: number = 13; // a run of `>`: a comparison or the end of type arguments
const BANG: number = 14;
const INCDEC: number = 15;
const OP: number = 16; // any other punctuator; `byte` holds its first character

const ARROW_BYTE = 0x01; // the `byte` of an `=>` token
const BACKTICK = 0x60; // the `byte` of a template LITERAL

// Bracket frames on the stack.
const F_PAREN: number = 1;
const F_HEADER: number = 2; // ( after if / while / with / switch / catch, or after a nested for
const F_WHILE_AFTER_DO: number = 3; // ( after a while in a file with a `do`: a loop header, or the end of a do statement
const F_FOR_COUNTING: number = 4; // ( of a top-level for statement: its body counts
const F_BRACK: number = 5;
const F_BRACE: number = 6;
const F_BRACE_COUNTING: number = 7; // the block body of a top-level for
const F_TEMPLATE: number = 8;

// Word ids.
const UNKNOWN_WORD: number = -1; // not looked up yet
const W_PLAIN: number = 0;
const W_REGISTRY: number = 1;
const W_REGISTER: number = 2;
const W_AWAIT: number = 3;
const W_VOID: number = 4;
const W_FOR: number = 5;
const W_HEADER: number = 6; // if while with switch catch
const W_NESTED: number = 7; // else do: what follows is a nested statement
const W_AS: number = 8; // as satisfies
const W_BINARY: number = 9; // in instanceof
const W_VALUE: number = 10; // this super null true false
const W_OPERAND: number = 11; // keywords after which an operand (so a regex) follows
const W_OTHER: number = 12; // other reserved or contextual words

const WORDS = new Map<string, number>([
  ["registry", W_REGISTRY],
  ["register", W_REGISTER],
  ["await", W_AWAIT],
  ["void", W_VOID],
  ["for", W_FOR],
  ["as", W_AS],
  ["satisfies", W_AS],
  ["in", W_BINARY],
  ["instanceof", W_BINARY],
]);
for (const w of ["if", "while", "with", "switch", "catch"]) WORDS.set(w, W_HEADER);
for (const w of ["else", "do"]) WORDS.set(w, W_NESTED);
for (const w of ["this", "super", "null", "true", "false"]) WORDS.set(w, W_VALUE);
for (const w of ["return", "typeof", "new", "delete", "throw", "case", "yield", "extends", "default"]) WORDS.set(w, W_OPERAND);
for (const w of [
  "break", "class", "const", "continue", "debugger", "enum", "export", "finally", "function", "import", "let", "static",
  "try", "var", "async", "declare", "abstract", "type", "namespace", "module", "interface", "readonly", "get", "set",
  "from", "is", "asserts", "keyof", "infer", "unique", "accessor", "override", "out", "using", "public", "private",
  "protected", "implements", "package", "global", "of",
]) {
  WORDS.set(w, W_OTHER);
}

// Byte classes.
const CC_INVALID = 0; // outside strings and comments: control characters, DEL, `\`, non-ASCII
const CC_IDENT = 1;
const CC_DIGIT = 2;
const CC_SPACE = 3;
const CC_PUNCT = 4;
const CHAR_CLASS = new Uint8Array(256).fill(CC_INVALID);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24) CHAR_CLASS[c] = CC_IDENT;
  else if (c >= 0x30 && c <= 0x39) CHAR_CLASS[c] = CC_DIGIT;
  else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c) CHAR_CLASS[c] = CC_SPACE;
  else if ("!%&*+,-./:;<=>?@^|~()[]{}\"'`#".includes(String.fromCharCode(c))) CHAR_CLASS[c] = CC_PUNCT;
}
/** 1 for the bytes of a name or number (letters, digits, `_`, `$`); a table, so hot loops stay tiny. */
const WORD_BYTE = new Uint8Array(256);
for (let c = 0; c < 128; c++) if (CHAR_CLASS[c] === CC_IDENT || CHAR_CLASS[c] === CC_DIGIT) WORD_BYTE[c] = 1;

// Answers: whether a token starts a statement at a counting level ...
const NOT_START: number = 0;
const START: number = 1;
const FOR_BODY: number = 2; // the single-statement body of a top-level for
const DOUBT: number = 3;
// ... whether a register statement matched, or a `/` starts a regex.
const NO: number = 0;
const YES: number = 1;
const UNSURE: number = 3;

// Inside a group, the class of the previous token, for the regex-or-division decision.
const C_OPERAND = 0; // an operand may follow: `/` starts a regex
const C_VALUE = 1; // a value ended: `/` divides
const C_WORD = 2; // a name or keyword: look it up
const C_BRACE = 3; // `}`: a block (regex) or an object (division), unknowable here
const C_DOT = 4; // `.` / `?.` / `#`: a property name follows
const REGEX_AFTER_CLASS = [YES, NO, NO, UNSURE, UNSURE];

class TopLevelScanner {
  private pos = 0;
  private readonly stack: number[] = [];
  // The current token.
  private kind = EOF;
  private wordId = W_PLAIN;
  private wordStart = 0;
  private wordEnd = 0;
  private isProp = false; // an identifier right after `.` / `?.` / `#`: a property name, never a keyword
  private byte = 0; // first character of a DOT or OP token
  private newline = false; // a line break between the previous token and this one
  private depthBefore = 0; // stack depth before this token opened or closed a bracket
  private closed = 0; // the frame an RPAREN closed
  // The previous token.
  private prevKind = EOF;
  private prevWordId = W_PLAIN;
  private prevWordStart = 0;
  private prevWordEnd = 0;
  private prevIsProp = false;
  private prevClosed = 0;
  // 1 while a `for` (or `for await`) waits for its `(`; 2 when that for is a top-level statement.
  private pendingFor = 0;
  private sawDo = false; // a `do` keyword at a counting level: a later `while (...)` may close it

  constructor(private readonly src: Buffer) {
    if (src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf) this.pos = 3; // BOM
    if (src[this.pos] === 0x23 && src[this.pos + 1] === 0x21) this.pos = skipLineComment(src, this.pos + 2); // #!
  }

  run(): ScanVerdict {
    let found = false;
    this.advance();
    for (;;) {
      if (this.kind === EOF) return found ? "registers" : "none";
      if (this.kind === ERROR) return "unsure";
      const start = this.isStarter() ? this.statementStart() : NOT_START;
      if (start === DOUBT) return "unsure";
      if (start !== NOT_START) {
        if (this.kind === IDENT && this.curWord() === W_FOR) {
          if (start === START && this.depthBefore === 0) this.pendingFor = 2;
        } else {
          // The matcher leaves the token after the statement unconsumed: it may start the next one.
          const match = this.matchRegisterStatement();
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
    const k = this.kind;
    const opens = k === LPAREN || k === LBRACK || k === TEMPLATE_HEAD || (k === LBRACE && this.stack[this.stack.length - 1] !== F_BRACE_COUNTING);
    if (opens) this.skipGroup(this.depthBefore);
    else this.advance();
  }

  // ---- statements ----

  /** A token that may begin a register statement (or a counting `for`, or a `<T>` cast) at a level that counts. */
  private isStarter(): boolean {
    const d = this.depthBefore;
    if (d !== 0 && !(d === 1 && this.stack[0] === F_BRACE_COUNTING)) return false;
    if (this.kind === LPAREN) return true;
    if (this.kind === OP) return this.byte === 0x3c;
    if (this.kind !== IDENT || this.isProp) return false;
    const w = this.curWord();
    return w === W_REGISTRY || w === W_AWAIT || w === W_VOID || w === W_FOR;
  }

  /** Whether the current token starts a statement at its level, judged from the token before it. */
  private statementStart(): number {
    if (this.kind === OP) return this.castMayStart();
    const paren = this.kind === LPAREN;
    switch (this.prevKind) {
      case EOF:
      case SEMI:
      case LBRACE: // only the opening brace of a counting for body gets here
        return START;
      case RPAREN:
        if (this.prevClosed === F_FOR_COUNTING) return this.kind === IDENT && this.curWord() === W_FOR ? NOT_START : FOR_BODY;
        if (this.prevClosed === F_HEADER) return NOT_START;
        if (this.prevClosed === F_WHILE_AFTER_DO) return DOUBT;
        return this.afterExpression(paren);
      case RBRACE:
        // A block ends a statement; an object or function expression needs a line break (ASI),
        // and a `(` on the next line would call it. Which one it was is not known here.
        return this.newline && !paren ? START : DOUBT;
      case IDENT:
        return this.afterWord(paren);
      case LITERAL:
      case RBRACK:
        return this.afterExpression(paren);
      case GT:
        // On one line `a > b`, `f<T>(x)`, `<T,>(x) => x` continue an expression (a `<T>` cast at a
        // statement start is caught at its `<`); across a line break `let m: Map<K, V>` may end.
        return this.newline ? DOUBT : NOT_START;
      case INCDEC:
        return DOUBT;
      case BANG:
        return this.newline ? DOUBT : NOT_START;
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
    const k = this.prevKind;
    const statementEnded = k === EOF || k === SEMI || k === LBRACE || k === RBRACE || (k === RPAREN && this.prevClosed === F_FOR_COUNTING);
    return statementEnded || this.newline ? DOUBT : NOT_START;
  }

  private afterWord(paren: boolean): number {
    const w = this.prevIsProp ? W_PLAIN : this.prevWord();
    if (w === W_PLAIN || w === W_REGISTRY || w === W_REGISTER || w === W_VALUE) return this.afterExpression(paren);
    if (w === W_NESTED) return NOT_START;
    // A keyword: on the same line it governs what follows; across a line break it may or may
    // not end a statement (`return`, `let`, a type ending in `void`), so ask the parser.
    return this.newline ? DOUBT : NOT_START;
  }

  private afterExpression(paren: boolean): number {
    // `f\n(x)` calls f, but `import x from "y"` or `let h: Handler` + newline + `(x)` is a new
    // statement: a declaration's last token looks like an expression's.
    if (paren) return this.newline ? DOUBT : NOT_START;
    return this.newline ? START : DOUBT; // `x registry` on one line is a syntax error
  }

  /**
   * At a statement start: `[(|await|void]* registry(.|?.)register[?.](...)`, then the wrapping
   * parens closed, then the end of the statement.
   */
  private matchRegisterStatement(): number {
    let open = 0;
    for (;;) {
      if (this.kind === LPAREN) open++;
      else if (!(this.kind === IDENT && !this.isProp && (this.curWord() === W_AWAIT || this.curWord() === W_VOID))) break;
      this.advance();
    }
    if (!(this.kind === IDENT && !this.isProp && this.curWord() === W_REGISTRY)) return NO;
    this.advance();
    if (this.kind !== DOT) return NO;
    this.advance();
    if (!(this.kind === IDENT && this.curWord() === W_REGISTER)) return NO;
    this.advance();
    if (this.kind === OP && this.byte === 0x3c) return UNSURE; // register<T>(...): type arguments
    if (this.kind === DOT && this.byte === 0x3f) this.advance(); // register?.(...)
    if (this.kind !== LPAREN) return NO;
    this.skipGroup(this.depthBefore);
    if (this.kind !== RPAREN) return UNSURE;
    this.advance();
    for (; open > 0; open--) {
      if (this.kind !== RPAREN) return this.castFollows() ? UNSURE : NO;
      this.advance();
    }
    return this.statementEnds();
  }

  private castFollows(): boolean {
    return this.kind === BANG || (this.kind === IDENT && !this.isProp && this.curWord() === W_AS);
  }

  /** After the call: does the expression statement end here (`;`, `}`, end of file, or ASI)? */
  private statementEnds(): number {
    const k = this.kind;
    if (k === ERROR) return UNSURE;
    if (k === EOF || k === SEMI || k === RBRACE) return YES;
    const binaryWord = k === IDENT && !this.isProp && this.curWord() === W_BINARY;
    const continues = k === DOT || k === LPAREN || k === LBRACK || k === TEMPLATE_HEAD || k === GT || binaryWord ||
      (k === LITERAL && this.byte === BACKTICK);
    if (!this.newline) {
      if (this.castFollows()) return UNSURE;
      if (continues || k === INCDEC || (k === OP && isBinaryOperator(this.byte))) return NO;
      return UNSURE; // `registry.register(x) foo`: a syntax error, let the parser report it
    }
    if (continues) return NO;
    if (k === OP) {
      if (isBinaryOperator(this.byte)) return NO;
      return this.byte === 0x7e ? YES : UNSURE; // `~x` starts a new statement; `:`, `=>`, `...`, `@` are odd here
    }
    // `!`, `++`, `--`, `as`, `satisfies` after a line break start a new statement (no ASI hazard).
    return YES;
  }

  // ---- tokens (at the counting levels) ----

  private advance(): void {
    this.prevKind = this.kind;
    this.prevWordId = this.wordId;
    this.prevWordStart = this.wordStart;
    this.prevWordEnd = this.wordEnd;
    this.prevIsProp = this.isProp;
    this.prevClosed = this.closed;
    const pendingFor = this.pendingFor;
    this.pendingFor = 0;
    this.wordId = W_PLAIN;
    this.isProp = false;
    this.closed = 0;
    this.byte = 0;
    this.newline = false;
    this.kind = this.lex(pendingFor);
  }

  private fail(): number {
    this.pos = this.src.length;
    return ERROR;
  }

  private lex(pendingFor: number): number {
    const src = this.src;
    for (;;) {
      const p = this.pos;
      if (p >= src.length) {
        this.depthBefore = this.stack.length;
        return this.stack.length === 0 ? EOF : this.fail();
      }
      const c = src[p] as number;
      const cc = CHAR_CLASS[c];
      if (cc === CC_SPACE) {
        if (c === 0x0a || c === 0x0d) this.newline = true;
        this.pos++;
        continue;
      }
      if (c === 0x2f && src[p + 1] === 0x2f) {
        this.pos = skipLineComment(src, p + 2);
        continue;
      }
      if (c === 0x2f && src[p + 1] === 0x2a) {
        const end = skipBlockComment(src, p + 2);
        if (end < 0) return this.fail();
        if (hasLineBreak(src, p, end)) this.newline = true;
        this.pos = end;
        continue;
      }
      this.depthBefore = this.stack.length;
      if (cc === CC_IDENT) return this.lexWord(pendingFor);
      if (cc === CC_DIGIT) return this.literal(skipNumber(src, p));
      if (cc === CC_PUNCT) return this.lexPunctuator(c, pendingFor);
      return this.fail(); // `\` escapes, control characters, non-ASCII outside strings: ask the parser
    }
  }

  private literal(end: number): number {
    if (end < 0) return this.fail();
    this.pos = end;
    return LITERAL;
  }

  private lexPunctuator(c: number, pendingFor: number): number {
    const src = this.src;
    const p = this.pos;
    const n = src[p + 1] as number;
    switch (c) {
      case 0x22: // "
      case 0x27: // '
        return this.literal(skipString(src, p, c));
      case 0x60: // `
        return this.lexTemplate(p + 1);
      case 0x28: // (
        this.pos++;
        this.stack.push(this.parenFrame(pendingFor));
        return LPAREN;
      case 0x29: // )
        this.pos++;
        this.closed = this.stack.pop() ?? 0;
        return this.closed >= F_PAREN && this.closed <= F_FOR_COUNTING ? RPAREN : this.fail();
      case 0x5b: // [
        this.pos++;
        this.stack.push(F_BRACK);
        return LBRACK;
      case 0x5d: // ]
        this.pos++;
        return this.stack.pop() === F_BRACK ? RBRACK : this.fail();
      case 0x7b: // {
        this.pos++;
        this.stack.push(this.prevKind === RPAREN && this.prevClosed === F_FOR_COUNTING ? F_BRACE_COUNTING : F_BRACE);
        return LBRACE;
      case 0x7d: {
        // }
        this.pos++;
        const frame = this.stack.pop();
        if (frame === F_TEMPLATE) return this.lexTemplate(this.pos);
        return frame === F_BRACE || frame === F_BRACE_COUNTING ? RBRACE : this.fail();
      }
      case 0x3b: // ;
        this.pos++;
        return SEMI;
      case 0x2e: // .
        if (CHAR_CLASS[n] === CC_DIGIT) return this.literal(skipNumber(src, p));
        if (n === 0x2e && src[p + 2] === 0x2e) return this.op(3, c);
        return this.dot(1);
      case 0x3f: // ? ?. ?? ??=
        if (n === 0x2e && CHAR_CLASS[src[p + 2] as number] !== CC_DIGIT) return this.dot(2);
        return this.op(n === 0x3f ? (src[p + 2] === 0x3d ? 3 : 2) : 1, c);
      case 0x3e: {
        // > >> >>> and their = forms
        let end = p + 1;
        while (src[end] === 0x3e) end++;
        if (src[end] === 0x3d) return this.op(end + 1 - p, c);
        this.pos = end;
        return GT;
      }
      case 0x21: // ! != !==
        if (n === 0x3d) return this.op(src[p + 2] === 0x3d ? 3 : 2, c);
        this.pos++;
        return BANG;
      case 0x2b: // +
      case 0x2d: // -
        if (n === c) {
          this.pos += 2;
          return INCDEC;
        }
        return this.op(n === 0x3d ? 2 : 1, c);
      case 0x3d: // = == === =>
        if (n === 0x3e) return this.op(2, ARROW_BYTE);
        return this.op(n === 0x3d ? (src[p + 2] === 0x3d ? 3 : 2) : 1, c);
      case 0x2f: // / /= or a regex literal
        return this.lexSlash();
      case 0x23: // a #private name belongs in a class body (a group), never at a counting level
        return this.fail();
      default:
        return this.op(1, c);
    }
  }

  private op(length: number, first: number): number {
    this.pos += length;
    this.byte = first;
    return OP;
  }

  private dot(length: number): number {
    this.byte = this.src[this.pos] as number;
    this.pos += length;
    return DOT;
  }

  private lexTemplate(from: number): number {
    const end = skipTemplateText(this.src, from);
    if (end < 0) return this.fail();
    this.pos = end;
    if (this.src[end - 1] === BACKTICK) {
      this.byte = BACKTICK;
      return LITERAL;
    }
    this.stack.push(F_TEMPLATE);
    return TEMPLATE_HEAD;
  }

  private lexWord(pendingFor: number): number {
    const src = this.src;
    const start = this.pos;
    let p = start + 1;
    while (WORD_BYTE[src[p] as number] === 1) p++;
    if (src[p] === 0x5c || (src[p] as number) >= 0x80) return this.fail(); // escapes or non-ASCII in a name
    this.pos = p;
    this.isProp = this.prevKind === DOT;
    this.wordStart = start;
    this.wordEnd = p;
    this.wordId = UNKNOWN_WORD;
    const n = p - start;
    if (n === 2 && src[start] === 0x64 && src[start + 1] === 0x6f && !this.isProp) this.sawDo = true;
    if (this.isProp || !((n === 3 && src[start] === 0x66) || (n === 5 && src[start] === 0x61))) return IDENT;
    if (this.curWord() === W_FOR) this.pendingFor = 1;
    else if (this.curWord() === W_AWAIT) this.pendingFor = pendingFor; // for await (
    return IDENT;
  }

  /** The current identifier's word id, looked up on first use. */
  private curWord(): number {
    if (this.wordId === UNKNOWN_WORD) this.wordId = wordAt(this.src, this.wordStart, this.wordEnd);
    return this.wordId;
  }

  private prevWord(): number {
    if (this.prevWordId === UNKNOWN_WORD) this.prevWordId = wordAt(this.src, this.prevWordStart, this.prevWordEnd);
    return this.prevWordId;
  }

  private parenFrame(pendingFor: number): number {
    if (pendingFor === 2) return F_FOR_COUNTING;
    if (pendingFor === 1) return F_HEADER;
    if (this.prevKind !== IDENT || this.prevIsProp || !isHeaderKeyword(this.src, this.prevWordStart, this.prevWordEnd)) return F_PAREN;
    // `do x(); while (c)` ends a statement where `while (c) x()` starts a nested one.
    const isWhile = this.prevWordEnd - this.prevWordStart === 5 && this.src[this.prevWordStart] === 0x77; // the only 5-letter header word starting with w
    return this.sawDo && isWhile ? F_WHILE_AFTER_DO : F_HEADER;
  }

  private lexSlash(): number {
    const regex = this.regexAfterPrevious();
    if (regex === UNSURE) return this.fail();
    if (regex === YES) return this.literal(skipRegex(this.src, this.pos + 1));
    return this.op(this.src[this.pos + 1] === 0x3d ? 2 : 1, 0x2f);
  }

  /** Whether a `/` after the previous token starts a regex literal (YES), divides (NO), or cannot be told. */
  private regexAfterPrevious(): number {
    switch (this.prevKind) {
      case LITERAL:
      case RBRACK:
      case INCDEC:
        return NO;
      case RPAREN:
        return this.prevClosed === F_PAREN ? NO : YES;
      case RBRACE: // the end of a block (regex) or of an object literal (division)
        return UNSURE;
      case IDENT:
        return regexAfterWord(this.prevIsProp ? W_PLAIN : this.prevWord());
      default:
        return YES;
    }
  }

  // ---- groups (below the counting levels) ----

  /**
   * Skips the rest of the bracketed group whose opener is the current token, down to stack
   * depth `target`, and makes its closer the current token. Nothing inside a group can count,
   * so this tracks only what lexing needs (brackets, strings, templates, comments, regex vs
   * division) in one tight loop, and looks a word up only when a `/` or `(` depends on it.
   */
  private skipGroup(target: number): void {
    const src = this.src;
    const len = src.length;
    const stack = this.stack;
    let p = this.pos;
    let cls = C_OPERAND;
    let wordStart = 0;
    let wordEnd = 0;
    let afterFor = false; // the previous token was `for` or `for await`: a `(` opens a loop header
    for (;;) {
      if (p >= len) return this.groupFailed();
      const c = src[p] as number;
      const cc = CHAR_CLASS[c];
      if (cc === CC_SPACE) {
        p++;
        continue;
      }
      if (cc === CC_IDENT) {
        const start = p;
        p++;
        while (WORD_BYTE[src[p] as number] === 1) p++;
        if (src[p] === 0x5c || (src[p] as number) >= 0x80) return this.groupFailed();
        if (cls === C_DOT) {
          cls = C_VALUE; // a property name: never a keyword
          afterFor = false;
          continue;
        }
        const n = p - start;
        const isFor = n === 3 && c === 0x66 && src[start + 1] === 0x6f && src[start + 2] === 0x72;
        afterFor = isFor || (afterFor && n === 5 && c === 0x61 && wordAt(this.src, start, p) === W_AWAIT);
        wordStart = start;
        wordEnd = p;
        cls = C_WORD;
        continue;
      }
      if (cc === CC_DIGIT) {
        p = skipNumber(src, p);
        cls = C_VALUE;
        afterFor = false;
        continue;
      }
      if (cc !== CC_PUNCT) return this.groupFailed();
      const forHeader = afterFor;
      afterFor = false;
      switch (c) {
        case 0x22: // "
        case 0x27: // '
          p = skipString(src, p, c);
          if (p < 0) return this.groupFailed();
          cls = C_VALUE;
          continue;
        case 0x60: // `
          p = skipTemplateText(src, p + 1);
          if (p < 0) return this.groupFailed();
          cls = this.templateHeadAt(p) ? C_OPERAND : C_VALUE;
          continue;
        case 0x28: {
          // (
          const header = forHeader || (cls === C_WORD && isHeaderKeyword(this.src, wordStart, wordEnd));
          stack.push(header ? F_HEADER : F_PAREN);
          p++;
          cls = C_OPERAND;
          continue;
        }
        case 0x29: {
          // )
          const frame = stack.pop() ?? 0;
          p++;
          if (frame < F_PAREN || frame > F_FOR_COUNTING) return this.groupFailed();
          if (stack.length === target) return this.groupClosed(p, RPAREN, frame);
          cls = frame === F_HEADER ? C_OPERAND : C_VALUE;
          continue;
        }
        case 0x5b: // [
        case 0x7b: // {
          stack.push(c === 0x5b ? F_BRACK : F_BRACE);
          p++;
          cls = C_OPERAND;
          continue;
        case 0x5d: // ]
          p++;
          if (stack.pop() !== F_BRACK) return this.groupFailed();
          if (stack.length === target) return this.groupClosed(p, RBRACK, 0);
          cls = C_VALUE;
          continue;
        case 0x7d: {
          // }
          const frame = stack.pop();
          p++;
          if (frame === F_TEMPLATE) {
            p = skipTemplateText(src, p);
            if (p < 0) return this.groupFailed();
            if (this.templateHeadAt(p)) {
              cls = C_OPERAND;
              continue;
            }
            if (stack.length === target) return this.groupClosed(p, LITERAL, 0);
            cls = C_VALUE;
            continue;
          }
          if (frame !== F_BRACE) return this.groupFailed();
          if (stack.length === target) return this.groupClosed(p, RBRACE, 0);
          cls = C_BRACE;
          continue;
        }
        case 0x2f: {
          // / //... /*...*/ or a regex literal
          const n = src[p + 1];
          if (n === 0x2f) {
            p = skipLineComment(src, p + 2);
            continue;
          }
          if (n === 0x2a) {
            p = skipBlockComment(src, p + 2);
            if (p < 0) return this.groupFailed();
            continue;
          }
          const regex = cls === C_WORD ? regexAfterWord(wordAt(this.src, wordStart, wordEnd)) : (REGEX_AFTER_CLASS[cls] as number);
          if (regex === UNSURE) return this.groupFailed();
          if (regex === YES) {
            p = skipRegex(src, p + 1);
            if (p < 0) return this.groupFailed();
            cls = C_VALUE;
          } else {
            p++;
            cls = C_OPERAND;
          }
          continue;
        }
        case 0x2e: {
          // . ... or a number
          const n = src[p + 1] as number;
          if (CHAR_CLASS[n] === CC_DIGIT) {
            p = skipNumber(src, p);
            cls = C_VALUE;
          } else if (n === 0x2e && src[p + 2] === 0x2e) {
            p += 3;
            cls = C_OPERAND;
          } else {
            p++;
            cls = C_DOT;
          }
          continue;
        }
        case 0x3f: // ?. or ?
          if (src[p + 1] === 0x2e && CHAR_CLASS[src[p + 2] as number] !== CC_DIGIT) {
            p += 2;
            cls = C_DOT;
          } else {
            p++;
            cls = C_OPERAND;
          }
          continue;
        case 0x2b: // +
        case 0x2d: // -
          if (src[p + 1] === c) {
            p += 2;
            cls = C_VALUE; // postfix ++ / -- is what real code has before a `/`
          } else {
            p++;
            cls = C_OPERAND;
          }
          continue;
        case 0x23: // #private
          if (CHAR_CLASS[src[p + 1] as number] !== CC_IDENT) return this.groupFailed();
          p++;
          cls = C_DOT;
          continue;
        default:
          p++;
          cls = C_OPERAND;
          continue;
      }
    }
  }

  /** Template text just ended at `end` with `${` (push its frame) rather than a backtick. */
  private templateHeadAt(end: number): boolean {
    if (this.src[end - 1] === BACKTICK) return false;
    this.stack.push(F_TEMPLATE);
    return true;
  }

  private groupClosed(pos: number, kind: number, closed: number): void {
    this.pos = pos;
    this.kind = kind;
    this.closed = closed;
    this.depthBefore = this.stack.length + 1;
    this.wordId = W_PLAIN;
    this.isProp = false;
    this.byte = kind === LITERAL ? BACKTICK : 0;
    this.newline = false;
    this.pendingFor = 0;
  }

  private groupFailed(): void {
    this.pos = this.src.length;
    this.kind = ERROR;
  }
}


function wordAt(src: Buffer, start: number, end: number): number {
  return WORDS.get(src.toString("latin1", start, end)) ?? W_PLAIN;
}

function isHeaderKeyword(src: Buffer, start: number, end: number): boolean {
  const n = end - start;
  if (n < 2 || n > 6) return false;
  const c = src[start];
  if (c !== 0x69 && c !== 0x77 && c !== 0x73 && c !== 0x63) return false; // i w s c
  return wordAt(src, start, end) === W_HEADER;
}

/** Whether a `/` after a word starts a regex (YES), divides (NO), or cannot be told (UNSURE). */
function regexAfterWord(word: number): number {
  if (word === W_PLAIN || word === W_REGISTRY || word === W_REGISTER || word === W_VALUE) return NO;
  if (word === W_OPERAND || word === W_AWAIT || word === W_VOID || word === W_BINARY || word === W_NESTED) return YES;
  return UNSURE; // `of`, `type`, `get` ... may be plain names
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

// Literal skippers: each takes the position after the opening character(s) (or of the first
// digit) and returns the position after the literal, or -1 when it is unterminated.

function skipNumber(src: Buffer, p: number): number {
  p++;
  while (src[p] === 0x2e || WORD_BYTE[src[p] as number] === 1) p++;
  return p;
}

function skipString(src: Buffer, p: number, quote: number): number {
  p++;
  for (;;) {
    const c = src[p];
    if (c === undefined || c === 0x0a || c === 0x0d) return -1;
    if (c === quote) return p + 1;
    p += c === 0x5c ? (src[p + 1] === 0x0d && src[p + 2] === 0x0a ? 3 : 2) : 1;
  }
}

/** Template text up to and including the closing backtick or the next `${`. */
function skipTemplateText(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined) return -1;
    if (c === BACKTICK) return p + 1;
    if (c === 0x24 && src[p + 1] === 0x7b) return p + 2;
    p += c === 0x5c ? 2 : 1;
  }
}

/** A regex literal's body and flags. One with U+2028/U+2029 (e2 80 a8/a9) is left to the parser. */
function skipRegex(src: Buffer, p: number): number {
  let inClass = false;
  for (;;) {
    const c = src[p];
    if (c === undefined || c === 0x0a || c === 0x0d || c === 0xe2) return -1;
    p += c === 0x5c ? 2 : 1;
    if (c === 0x5b) inClass = true;
    else if (c === 0x5d) inClass = false;
    else if (c === 0x2f && !inClass) break;
  }
  while (WORD_BYTE[src[p] as number] === 1) p++;
  return p;
}

/** Returns the position of the line terminator ending the comment (or the end). */
function skipLineComment(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined || c === 0x0a || c === 0x0d || isLineSeparatorAt(src, p)) return p;
    p++;
  }
}

function skipBlockComment(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined) return -1;
    if (c === 0x2a && src[p + 1] === 0x2f) return p + 2;
    p++;
  }
}

function hasLineBreak(src: Buffer, from: number, to: number): boolean {
  for (let p = from; p < to; p++) {
    const c = src[p];
    if (c === 0x0a || c === 0x0d || isLineSeparatorAt(src, p)) return true;
  }
  return false;
}

/** U+2028 / U+2029, line terminators in JavaScript, in UTF-8. */
function isLineSeparatorAt(src: Buffer, p: number): boolean {
  return src[p] === 0xe2 && src[p + 1] === 0x80 && (src[p + 2] === 0xa8 || src[p + 2] === 0xa9);
}

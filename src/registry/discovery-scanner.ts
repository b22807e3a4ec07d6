/**
 * The fast path of `moduleRegistersTools`: a lexer-level scanner over a module's bytes that
 * finds top-level `registry.register(...)` expression statements (and those directly in the
 * body of a top-level `for`) without building a syntax tree.
 *
 * It lexes exactly what decides structure — strings, template literals with `${}` nesting,
 * comments, regex literals, brackets — and reasons about statement boundaries (`;`, blocks,
 * automatic semicolon insertion) only around the few tokens that can start a register
 * statement. Wherever the bytes leave any doubt (a `/` after `}`, a generic `>` before a line
 * break, a lexical error, non-ASCII code, ...) it answers "unsure", and the caller defers to
 * the full TypeScript parser; so its "registers"/"none" answers are the parser's answers.
 * Grammar errors with balanced brackets (`const x = ;`) are not detected here; such a file
 * fails at import, where discovery logs and skips it.
 */

export type ScanVerdict = "registers" | "none" | "unsure";

// Token kinds.
const EOF: number = 0;
const ERROR: number = 1;
const IDENT: number = 2;
const LITERAL: number = 3; // number, string, regex, or a complete template / template tail
const TEMPLATE_HEAD: number = 4; // `...${  (or }...${ ): an operand follows
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
const OP: number = 16; // any other punctuator

// Bracket frames.
const F_PAREN: number = 1;
const F_HEADER: number = 2; // ( after if / while / with / switch / catch, or after a nested for
const F_FOR_COUNTING: number = 3; // ( of a top-level for statement: its body counts
const F_BRACK: number = 4;
const F_BRACE: number = 5;
const F_BRACE_COUNTING: number = 6; // the block body of a top-level for
const F_TEMPLATE: number = 7;

// Word ids (0 = a plain identifier).
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

const WORDS: Record<string, number> = {
  registry: W_REGISTRY,
  register: W_REGISTER,
  await: W_AWAIT,
  void: W_VOID,
  for: W_FOR,
  if: W_HEADER,
  while: W_HEADER,
  with: W_HEADER,
  switch: W_HEADER,
  catch: W_HEADER,
  else: W_NESTED,
  do: W_NESTED,
  as: W_AS,
  satisfies: W_AS,
  in: W_BINARY,
  instanceof: W_BINARY,
  this: W_VALUE,
  super: W_VALUE,
  null: W_VALUE,
  true: W_VALUE,
  false: W_VALUE,
};
for (const w of ["return", "typeof", "new", "delete", "throw", "case", "yield", "extends", "default"]) WORDS[w] = W_OPERAND;
for (const w of [
  "break", "class", "const", "continue", "debugger", "enum", "export", "finally", "function", "import", "let", "static",
  "try", "var", "async", "declare", "abstract", "type", "namespace", "module", "interface", "readonly", "get", "set",
  "from", "is", "asserts", "keyof", "infer", "unique", "accessor", "override", "out", "using", "public", "private",
  "protected", "implements", "package", "global", "of",
]) {
  WORDS[w] = W_OTHER;
}

function wordHash(bytes: ArrayLike<number>, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + (bytes[i] as number)) | 0;
  return h;
}

// hash → candidate words with that hash (verified byte by byte).
const WORD_TABLE = new Map<number, Array<{ bytes: Uint8Array; id: number }>>();
for (const [word, id] of Object.entries(WORDS)) {
  const bytes = new TextEncoder().encode(word);
  const h = wordHash(bytes, 0, bytes.length);
  const list = WORD_TABLE.get(h) ?? [];
  list.push({ bytes, id });
  WORD_TABLE.set(h, list);
}

const ARROW: number = 0x01; // the `byte` of an `=>` token

// Statement-start answers.
const NOT_START: number = 0;
const START: number = 1;
const FOR_BODY: number = 2; // the single-statement body of a top-level for
const DOUBT: number = 3;

// Matcher answers.
const NO: number = 0;
const YES: number = 1;
const UNSURE: number = 2;

/** Decides from the bytes of a module whether its top level registers tools; "unsure" means: ask the parser. */
export function scanTopLevel(source: Uint8Array): ScanVerdict {
  return new TopLevelScanner(source).run();
}

class TopLevelScanner {
  private pos = 0;
  private readonly stack: number[] = [];
  // Current token.
  private kind = EOF;
  private word = W_PLAIN;
  private isProp = false; // an identifier right after `.` / `?.`: a property name, never a keyword
  private byte = 0; // first byte of a DOT or OP token
  private newline = false; // a line break between the previous token and this one
  private depthBefore = 0; // stack depth before this token opened or closed a bracket
  private closed = 0; // frame an RPAREN closed
  // Previous token.
  private prevKind = EOF;
  private prevWord = W_PLAIN;
  private prevIsProp = false;
  private prevClosed = 0;
  // 1 while a `for` (or `for await`) waits for its `(`; 2 when that for is a top-level statement.
  private pendingFor = 0;

  constructor(private readonly src: Uint8Array) {
    if (src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf) this.pos = 3;
    if (src[this.pos] === 0x23 && src[this.pos + 1] === 0x21) this.skipLineComment(); // #!
  }

  run(): ScanVerdict {
    let found = false;
    this.advance();
    while (this.kind !== EOF) {
      if (this.kind === ERROR) return "unsure";
      const start = this.isStarter() ? this.statementStart() : NOT_START;
      if (start === DOUBT) return "unsure";
      if (start === NOT_START) {
        this.advance();
        continue;
      }
      if (this.kind === IDENT && this.word === W_FOR) {
        if (start === START && this.depthBefore === 0) this.pendingFor = 2;
        this.advance();
        continue;
      }
      // The matcher leaves the token after the statement unconsumed: it may start the next one.
      const match = this.matchRegisterStatement();
      if (match === UNSURE) return "unsure";
      if (match === YES) found = true;
    }
    return found ? "registers" : "none";
  }

  /** A token that may begin a register statement (or a counting `for`) at a level that counts. */
  private isStarter(): boolean {
    const d = this.depthBefore;
    if (d !== 0 && !(d === 1 && this.stack[0] === F_BRACE_COUNTING)) return false;
    if (this.kind === LPAREN) return true;
    if (this.kind !== IDENT || this.isProp) return false;
    const w = this.word;
    return w === W_REGISTRY || w === W_AWAIT || w === W_VOID || w === W_FOR;
  }

  /** Whether the current token starts a statement at its level, from the token before it. */
  private statementStart(): number {
    const paren = this.kind === LPAREN;
    switch (this.prevKind) {
      case EOF:
      case SEMI:
      case LBRACE: // only the opening brace of a counting for body gets here
        return START;
      case RPAREN:
        if (this.prevClosed === F_FOR_COUNTING) return this.kind === IDENT && this.word === W_FOR ? NOT_START : FOR_BODY;
        if (this.prevClosed === F_HEADER) return NOT_START;
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
      case GT: // `Map<K, V>` then a new line, or `a > b`, or `<T>expr`: cannot tell
      case INCDEC:
        return DOUBT;
      case BANG:
        return this.newline ? DOUBT : NOT_START;
      default:
        return NOT_START;
    }
  }

  private afterWord(paren: boolean): number {
    const w = this.prevIsProp ? W_PLAIN : this.prevWord;
    if (w === W_PLAIN || w === W_REGISTRY || w === W_REGISTER || w === W_VALUE) return this.afterExpression(paren);
    if (w === W_NESTED) return NOT_START;
    // A keyword: on the same line it governs what follows; across a line break it may or may
    // not end a statement (`return`, `let`, a type ending in `void`), so ask the parser.
    return this.newline ? DOUBT : NOT_START;
  }

  private afterExpression(paren: boolean): number {
    if (paren) return NOT_START; // `f\n(x)` is a call
    return this.newline ? START : DOUBT; // `x registry` on one line is a syntax error
  }

  /**
   * At a statement start: `[(|await|void]* registry(.|?.)register[?.](...)`, then the wrappers
   * closed, then the end of the statement.
   */
  private matchRegisterStatement(): number {
    let open = 0;
    for (;;) {
      if (this.kind === LPAREN) open++;
      else if (!(this.kind === IDENT && !this.isProp && (this.word === W_AWAIT || this.word === W_VOID))) break;
      this.advance();
    }
    if (!(this.kind === IDENT && !this.isProp && this.word === W_REGISTRY)) return NO;
    this.advance();
    if (this.kind !== DOT) return NO;
    this.advance();
    if (!(this.kind === IDENT && this.word === W_REGISTER)) return NO;
    this.advance();
    if (this.kind === OP && this.byte === 0x3c) return UNSURE; // register<T>(...): type arguments
    if (this.kind === DOT && this.byte === 0x3f) this.advance(); // register?.(...)
    if (this.kind !== LPAREN) return NO;
    const outer = this.depthBefore;
    do this.advance();
    while (this.kind !== EOF && this.kind !== ERROR && !(this.kind === RPAREN && this.stack.length === outer));
    if (this.kind !== RPAREN) return UNSURE;
    this.advance();
    for (; open > 0; open--) {
      if (this.kind !== RPAREN) return this.castFollows() ? UNSURE : NO;
      this.advance();
    }
    return this.statementEnds();
  }

  private castFollows(): boolean {
    return this.kind === BANG || (this.kind === IDENT && !this.isProp && this.word === W_AS);
  }

  /** After the call: does the expression statement end here (`;`, `}`, end of file, or ASI)? */
  private statementEnds(): number {
    const k = this.kind;
    if (k === ERROR) return UNSURE;
    if (k === EOF || k === SEMI || k === RBRACE) return YES;
    const binaryWord = k === IDENT && !this.isProp && this.word === W_BINARY;
    const continues = k === DOT || k === LPAREN || k === LBRACK || k === TEMPLATE_HEAD || k === GT || binaryWord ||
      (k === LITERAL && this.byte === 0x60);
    if (!this.newline) {
      if (this.castFollows()) return UNSURE;
      if (continues || k === INCDEC || (k === OP && this.isBinaryOp())) return NO;
      return UNSURE; // `registry.register(x) foo`: a syntax error, let the parser report it
    }
    if (continues) return NO;
    if (k === OP) {
      if (this.isBinaryOp()) return NO;
      return this.byte === 0x7e ? YES : UNSURE; // `~x` starts a new statement; `:`, `=>`, `...`, `@` are odd here
    }
    // `!`, `++`, `--`, `as`, `satisfies` after a line break start a new statement (no ASI hazard).
    return YES;
  }

  /** An OP token that continues an expression as a binary operator (`=`, `+`, `,`, `?`, `<`, ...). */
  private isBinaryOp(): boolean {
    switch (this.byte) {
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

  // ---- lexer ----

  private advance(): void {
    this.prevKind = this.kind;
    this.prevWord = this.word;
    this.prevIsProp = this.isProp;
    this.prevClosed = this.closed;
    const pendingFor = this.pendingFor;
    this.pendingFor = 0;
    this.word = W_PLAIN;
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
    const len = src.length;
    for (;;) {
      if (this.pos >= len) {
        this.depthBefore = this.stack.length;
        return this.stack.length === 0 ? EOF : this.fail();
      }
      const c = src[this.pos] as number;
      if (c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c) {
        this.pos++;
        continue;
      }
      if (c === 0x0a || c === 0x0d) {
        this.newline = true;
        this.pos++;
        continue;
      }
      if (c === 0x2f) {
        const n = src[this.pos + 1];
        if (n === 0x2f) {
          this.skipLineComment();
          continue;
        }
        if (n === 0x2a) {
          if (!this.skipBlockComment()) return this.fail();
          continue;
        }
      }
      this.depthBefore = this.stack.length;
      if (c >= 0x80) return this.fail(); // non-ASCII outside strings and comments: let the parser judge
      return this.lexToken(c, pendingFor);
    }
  }

  private lexToken(c: number, pendingFor: number): number {
    if (isIdentStart(c)) return this.lexWord(pendingFor);
    if (c >= 0x30 && c <= 0x39) return this.lexNumber();
    const src = this.src;
    const n = src[this.pos + 1];
    switch (c) {
      case 0x22: // "
      case 0x27: // '
        return this.lexString(c);
      case 0x60: // `
        this.pos++;
        return this.lexTemplate();
      case 0x28: // (
        this.pos++;
        this.stack.push(pendingFor === 2 ? F_FOR_COUNTING : pendingFor === 1 || this.prevIsHeaderWord() ? F_HEADER : F_PAREN);
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
        if (frame === F_TEMPLATE) return this.lexTemplate();
        return frame === F_BRACE || frame === F_BRACE_COUNTING ? RBRACE : this.fail();
      }
      case 0x3b: // ;
        this.pos++;
        return SEMI;
      case 0x2e: // .
        if (n !== undefined && n >= 0x30 && n <= 0x39) return this.lexNumber();
        if (n === 0x2e && src[this.pos + 2] === 0x2e) return this.op(3, c);
        this.pos++;
        this.byte = c;
        return DOT;
      case 0x3f: {
        // ? ?. ?? ??=
        const after = src[this.pos + 2];
        if (n === 0x2e && !(after !== undefined && after >= 0x30 && after <= 0x39)) {
          this.pos += 2;
          this.byte = c;
          return DOT;
        }
        return this.op(n === 0x3f ? (after === 0x3d ? 3 : 2) : 1, c);
      }
      case 0x3e: {
        // > >> >>> and their = forms
        let end = this.pos + 1;
        while (src[end] === 0x3e) end++;
        if (src[end] === 0x3d) return this.op(end + 1 - this.pos, c);
        this.pos = end;
        return GT;
      }
      case 0x21: // ! != !==
        if (n === 0x3d) return this.op(src[this.pos + 2] === 0x3d ? 3 : 2, c);
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
        if (n === 0x3e) return this.op(2, ARROW);
        return this.op(n === 0x3d ? (src[this.pos + 2] === 0x3d ? 3 : 2) : 1, c);
      case 0x2f: // / or a regex literal
        return this.lexSlash();
      case 0x23: // #private
        if (this.pos + 1 < src.length && isIdentStart(n as number)) {
          this.pos++;
          const kind = this.lexWord(0);
          this.word = W_PLAIN;
          this.pendingFor = 0;
          return kind;
        }
        return this.fail();
      case 0x5c: // \u escapes in identifiers
        return this.fail();
      default:
        if (c === 0x2a || c === 0x25 || c === 0x3c || c === 0x26 || c === 0x7c || c === 0x5e || c === 0x7e ||
          c === 0x3a || c === 0x2c || c === 0x40) {
          return this.op(1, c);
        }
        return this.fail();
    }
  }

  private op(length: number, first: number): number {
    this.pos += length;
    this.byte = first;
    return OP;
  }

  private prevIsHeaderWord(): boolean {
    return this.prevKind === IDENT && !this.prevIsProp && this.prevWord === W_HEADER;
  }

  private lexWord(pendingFor: number): number {
    const src = this.src;
    const start = this.pos;
    let h = 0;
    let p = start;
    for (;;) {
      const c = src[p];
      if (c === undefined || !isIdentPart(c)) break;
      h = (Math.imul(h, 31) + c) | 0;
      p++;
    }
    this.pos = p;
    if (src[p] === 0x5c || (src[p] ?? 0) >= 0x80) return this.fail(); // escapes or non-ASCII in a name
    this.isProp = this.prevKind === DOT;
    const candidates = WORD_TABLE.get(h);
    if (candidates !== undefined) this.word = matchWord(candidates, src, start, p);
    if (!this.isProp && this.word === W_FOR) this.pendingFor = 1;
    else if (!this.isProp && this.word === W_AWAIT) this.pendingFor = pendingFor; // for await (
    return IDENT;
  }

  private lexNumber(): number {
    const src = this.src;
    let p = this.pos + 1;
    for (;;) {
      const c = src[p];
      if (c === undefined || !(isIdentPart(c) || c === 0x2e)) break;
      p++;
    }
    this.pos = p;
    return LITERAL;
  }

  private lexString(quote: number): number {
    const src = this.src;
    let p = this.pos + 1;
    for (;;) {
      const c = src[p];
      if (c === undefined || c === 0x0a || c === 0x0d) return this.fail();
      if (c === quote) break;
      p += c === 0x5c ? (src[p + 1] === 0x0d && src[p + 2] === 0x0a ? 3 : 2) : 1;
    }
    this.pos = p + 1;
    return LITERAL;
  }

  /** Scans template characters up to the closing backtick (a LITERAL) or the next `${` (a TEMPLATE_HEAD). */
  private lexTemplate(): number {
    const src = this.src;
    let p = this.pos;
    for (;;) {
      const c = src[p];
      if (c === undefined) return this.fail();
      if (c === 0x60) {
        this.pos = p + 1;
        this.byte = 0x60;
        return LITERAL;
      }
      if (c === 0x24 && src[p + 1] === 0x7b) {
        this.pos = p + 2;
        this.stack.push(F_TEMPLATE);
        return TEMPLATE_HEAD;
      }
      p += c === 0x5c ? 2 : 1;
    }
  }

  private lexSlash(): number {
    if (!this.regexAllowed()) {
      if (this.regexDoubt) return this.fail();
      return this.op(this.src[this.pos + 1] === 0x3d ? 2 : 1, 0x2f);
    }
    const src = this.src;
    let p = this.pos + 1;
    let inClass = false;
    for (;;) {
      const c = src[p];
      if (c === undefined || c === 0x0a || c === 0x0d) return this.fail();
      if (c === 0x5c) {
        p += 2;
        continue;
      }
      if (c === 0xe2 && src[p + 1] === 0x80 && (src[p + 2] === 0xa8 || src[p + 2] === 0xa9)) return this.fail();
      p++;
      if (c === 0x5b) inClass = true;
      else if (c === 0x5d) inClass = false;
      else if (c === 0x2f && !inClass) break;
    }
    while (p < src.length && isIdentPart(src[p] as number)) p++;
    this.pos = p;
    return LITERAL;
  }

  private regexDoubt = false;

  /** Whether a `/` here starts a regex literal (else it divides); sets regexDoubt when unknowable. */
  private regexAllowed(): boolean {
    this.regexDoubt = false;
    switch (this.prevKind) {
      case LITERAL:
      case RBRACK:
      case INCDEC:
        return false;
      case RPAREN:
        return this.prevClosed === F_HEADER || this.prevClosed === F_FOR_COUNTING;
      case RBRACE: // end of a block (regex) or of an object literal (division)
        this.regexDoubt = true;
        return false;
      case IDENT: {
        const w = this.prevIsProp ? W_PLAIN : this.prevWord;
        if (w === W_PLAIN || w === W_REGISTRY || w === W_REGISTER || w === W_VALUE) return false;
        if (w === W_OPERAND || w === W_AWAIT || w === W_VOID || w === W_BINARY || w === W_NESTED) return true;
        this.regexDoubt = true; // `of`, `type`, `get` ... may be plain names
        return false;
      }
      default:
        return true;
    }
  }

  private skipLineComment(): void {
    const src = this.src;
    let p = this.pos + 2;
    for (;;) {
      const c = src[p];
      if (c === undefined || c === 0x0a || c === 0x0d) break;
      if (c === 0xe2 && src[p + 1] === 0x80 && (src[p + 2] === 0xa8 || src[p + 2] === 0xa9)) break;
      p++;
    }
    this.pos = p;
  }

  private skipBlockComment(): boolean {
    const src = this.src;
    let p = this.pos + 2;
    for (;;) {
      const c = src[p];
      if (c === undefined) return false;
      if (c === 0x2a && src[p + 1] === 0x2f) break;
      if (c === 0x0a || c === 0x0d) this.newline = true;
      else if (c === 0xe2 && src[p + 1] === 0x80 && (src[p + 2] === 0xa8 || src[p + 2] === 0xa9)) this.newline = true;
      p++;
    }
    this.pos = p + 2;
    return true;
  }
}

function isIdentStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 0x30 && c <= 0x39);
}

function matchWord(candidates: Array<{ bytes: Uint8Array; id: number }>, src: Uint8Array, start: number, end: number): number {
  for (const { bytes, id } of candidates) {
    if (bytes.length !== end - start) continue;
    let same = true;
    for (let i = 0; i < bytes.length && same; i++) same = bytes[i] === src[start + i];
    if (same) return id;
  }
  return W_PLAIN;
}

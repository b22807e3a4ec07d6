/**
 * The discovery scanner's token reader at the levels where statements count: it keeps the
 * current and previous token (kind, word, line break before it, bracket depth) for the statement
 * walk, and hands groups that cannot count to the group skipper in one call.
 */
import { BACKTICK, BYTE_TABLES, CHAR_CLASSES, hasLineBreak } from "./scan-bytes.js";
import { skipBlockComment, skipLineComment, skipNumber, skipRegex, skipString, skipTemplateText } from "./scan-bytes.js";
import { skipGroup, templateHeadAt } from "./scan-group-skipper.js";
import { ANSWERS, FRAMES, TOKEN_KINDS, WORD_IDS, isHeaderKeyword, regexAfterWord, wordAt } from "./scan-codes.js";

// Module-local copies of the shared codes and tables (why: scan-codes.ts).
const { CHAR_CLASS, WORD_BYTE } = BYTE_TABLES;
const { EOF, ERROR, IDENT, LITERAL, TEMPLATE_HEAD, LPAREN, RPAREN, LBRACK, RBRACK, LBRACE, RBRACE, SEMI, DOT, GT, BANG, INCDEC, OP } = TOKEN_KINDS;
const { F_PAREN, F_HEADER, F_WHILE_AFTER_DO, F_FOR_COUNTING, F_BRACK, F_BRACE, F_BRACE_COUNTING, F_TEMPLATE } = FRAMES;
const { NO, YES, UNSURE } = ANSWERS;
const { UNKNOWN_WORD, W_PLAIN, W_AWAIT, W_FOR } = WORD_IDS;
const { CC_IDENT, CC_DIGIT, CC_SPACE, CC_PUNCT } = CHAR_CLASSES;

const ARROW_BYTE = 0x01; // the `byte` of an `=>` token

/** Reads tokens from a module's bytes; the statement walk reads its public fields, which only these methods change. */
export class TokenReader {
  private pos = 0;
  /** Open brackets, innermost last (FRAMES codes). */
  readonly stack: number[] = [];
  // The current token.
  kind = EOF;
  private wordId = W_PLAIN;
  private wordStart = 0;
  private wordEnd = 0;
  isProp = false; // an identifier right after `.` / `?.` / `#`: a property name, never a keyword
  byte = 0; // first character of a DOT or OP token
  newline = false; // a line break between the previous token and this one
  depthBefore = 0; // stack depth before this token opened or closed a bracket
  private closed = 0; // the frame an RPAREN closed
  // The previous token.
  prevKind = EOF;
  private prevWordId = W_PLAIN;
  private prevWordStart = 0;
  private prevWordEnd = 0;
  prevIsProp = false;
  prevClosed = 0;
  // 1 while a `for` (or `for await`) waits for its `(`; 2 when that for is a top-level statement.
  private pendingFor = 0;
  private sawDo = false; // a `do` keyword at a counting level: a later `while (...)` may close it
  // For the last `++` / `--` read: YES when it was a prefix operator (an operand follows), NO
  // when postfix, UNSURE when that cannot be told.
  private operandAfterIncDec = NO;

  constructor(private readonly src: Buffer) {
    if (src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf) this.pos = 3; // BOM
    if (src[this.pos] === 0x23 && src[this.pos + 1] === 0x21) this.pos = skipLineComment(src, this.pos + 2); // #!
  }

  /** The `for` just read starts a top-level statement: its `(` opens a header whose body counts. */
  countForBody(): void {
    this.pendingFor = 2;
  }

  /** The current identifier's word id, looked up on first use. */
  curWord(): number {
    if (this.wordId === UNKNOWN_WORD) this.wordId = wordAt(this.src, this.wordStart, this.wordEnd);
    return this.wordId;
  }

  prevWord(): number {
    if (this.prevWordId === UNKNOWN_WORD) this.prevWordId = wordAt(this.src, this.prevWordStart, this.prevWordEnd);
    return this.prevWordId;
  }

  advance(): void {
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

  /**
   * Skips the rest of the bracketed group whose opener is the current token, down to stack
   * depth `target`, and makes its closer the current token (an ERROR when the skipper doubts).
   */
  skipGroup(target: number): void {
    const opener = this.stack[target] ?? 0;
    const end = skipGroup(this.src, this.pos, this.stack, target);
    if (end < 0) {
      this.kind = this.fail();
      return;
    }
    const closer = this.src[end - 1];
    const kind = closer === 0x29 ? RPAREN : closer === 0x5d ? RBRACK : closer === 0x7d ? RBRACE : LITERAL;
    this.pos = end;
    this.kind = kind;
    this.closed = kind === RPAREN ? opener : 0;
    this.depthBefore = this.stack.length + 1;
    this.wordId = W_PLAIN;
    this.isProp = false;
    this.byte = kind === LITERAL ? BACKTICK : 0;
    this.newline = false;
    this.pendingFor = 0;
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
          // Prefix where an operand is due, or after a line break (a postfix one cannot follow one).
          this.operandAfterIncDec = this.newline ? YES : this.regexAfterPrevious();
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
    if (templateHeadAt(this.src, end, this.stack)) return TEMPLATE_HEAD;
    this.byte = BACKTICK;
    return LITERAL;
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

  /**
   * Whether an operand may follow the previous token, so that a `/` starts a regex literal (YES),
   * or a value ended there, so that it divides (NO); UNSURE when that cannot be told.
   */
  private regexAfterPrevious(): number {
    switch (this.prevKind) {
      case LITERAL:
      case RBRACK:
        return NO;
      case INCDEC:
        return this.operandAfterIncDec;
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
}

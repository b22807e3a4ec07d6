/**
 * Skips a bracketed group the discovery scanner need not look into: nothing inside a group can
 * be a top-level statement, so one tight loop tracks only what lexing needs (brackets, strings,
 * templates, comments, regex vs division) and looks a word up only when a `/` or `(` depends on it.
 */
import { BACKTICK, BYTE_TABLES, CHAR_CLASSES } from "./scan-bytes.js";
import { skipBlockComment, skipLineComment, skipNumber, skipRegex, skipString, skipTemplateText } from "./scan-bytes.js";
import { ANSWERS, FRAMES, WORD_IDS, isHeaderKeyword, regexAfterWord, wordAt } from "./scan-codes.js";

// Module-local copies of the shared codes and tables (why: scan-codes.ts).
const { CHAR_CLASS, WORD_BYTE } = BYTE_TABLES;
const { F_PAREN, F_HEADER, F_FOR_COUNTING, F_BRACK, F_BRACE, F_TEMPLATE } = FRAMES;
const { NO, YES, UNSURE } = ANSWERS;
const { W_AWAIT } = WORD_IDS;
const { CC_IDENT, CC_DIGIT, CC_SPACE, CC_PUNCT } = CHAR_CLASSES;

// Inside a group, the class of the previous token, for the regex-or-division decision.
const C_OPERAND = 0; // an operand may follow: `/` starts a regex
const C_VALUE = 1; // a value ended: `/` divides
const C_WORD = 2; // a name or keyword: look it up
const C_BRACE = 3; // `}`: a block (regex) or an object (division), unknowable here
const C_DOT = 4; // `.` / `?.` / `#`: a property name follows
const C_INCDEC = 5; // `++` / `--`: prefix (an operand follows) or postfix (a value ended), told only when a `/` follows
const REGEX_AFTER_CLASS = [YES, NO, NO, UNSURE, UNSURE, UNSURE];

/**
 * Skips from `p` (just after the group's opener, whose frame is on `stack`) to just after the
 * closer that brings `stack` back to depth `target`, and returns that position; the closer is
 * the byte before it (`)`, `]`, `}`, or the backtick ending a template). Returns -1 when the
 * bytes leave any doubt (a lexical error, a `/` after `}`, non-ASCII code, ...).
 */
export function skipGroup(src: Buffer, p: number, stack: number[], target: number): number {
  const len = src.length;
  let cls = C_OPERAND;
  let wordStart = 0;
  let wordEnd = 0;
  let afterFor = false; // the previous token was `for` or `for await`: a `(` opens a loop header
  let incDecAt = 0; // where the last `++` / `--` is, and the class of the token before it
  let classBeforeIncDec = C_OPERAND;
  for (;;) {
    if (p >= len) return -1;
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
      if (src[p] === 0x5c || (src[p] as number) >= 0x80) return -1;
      if (cls === C_DOT) {
        cls = C_VALUE; // a property name: never a keyword
        afterFor = false;
        continue;
      }
      const n = p - start;
      const isFor = n === 3 && c === 0x66 && src[start + 1] === 0x6f && src[start + 2] === 0x72;
      afterFor = isFor || (afterFor && n === 5 && c === 0x61 && wordAt(src, start, p) === W_AWAIT);
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
    if (cc !== CC_PUNCT) return -1;
    const forHeader = afterFor;
    afterFor = false;
    switch (c) {
      case 0x22: // "
      case 0x27: // '
        p = skipString(src, p, c);
        if (p < 0) return -1;
        cls = C_VALUE;
        continue;
      case 0x60: // `
        p = skipTemplateText(src, p + 1);
        if (p < 0) return -1;
        cls = templateHeadAt(src, p, stack) ? C_OPERAND : C_VALUE;
        continue;
      case 0x28: {
        // (
        const header = forHeader || (cls === C_WORD && isHeaderKeyword(src, wordStart, wordEnd));
        stack.push(header ? F_HEADER : F_PAREN);
        p++;
        cls = C_OPERAND;
        continue;
      }
      case 0x29: {
        // )
        const frame = stack.pop() ?? 0;
        p++;
        if (frame < F_PAREN || frame > F_FOR_COUNTING) return -1;
        if (stack.length === target) return p;
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
        if (stack.pop() !== F_BRACK) return -1;
        if (stack.length === target) return p;
        cls = C_VALUE;
        continue;
      case 0x7d: {
        // }
        const frame = stack.pop();
        p++;
        if (frame === F_TEMPLATE) {
          p = skipTemplateText(src, p);
          if (p < 0) return -1;
          if (templateHeadAt(src, p, stack)) {
            cls = C_OPERAND;
            continue;
          }
          if (stack.length === target) return p;
          cls = C_VALUE;
          continue;
        }
        if (frame !== F_BRACE) return -1;
        if (stack.length === target) return p;
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
          if (p < 0) return -1;
          continue;
        }
        const regex =
          cls === C_WORD ? regexAfterWord(wordAt(src, wordStart, wordEnd))
          : cls === C_INCDEC ? regexAfterIncDec(src, incDecAt, classBeforeIncDec, wordStart, wordEnd)
          : (REGEX_AFTER_CLASS[cls] as number);
        if (regex === UNSURE) return -1;
        if (regex === YES) {
          p = skipRegex(src, p + 1);
          if (p < 0) return -1;
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
          incDecAt = p;
          classBeforeIncDec = cls;
          p += 2;
          cls = C_INCDEC;
        } else {
          p++;
          cls = C_OPERAND;
        }
        continue;
      case 0x23: // #private
        if (CHAR_CLASS[src[p + 1] as number] !== CC_IDENT) return -1;
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

/**
 * Whether a `/` after the `++` / `--` at `at` starts a regex: YES when that operator is a prefix
 * one (an operand was due before it, or a line break precedes it), NO when it is postfix. The
 * word range is the word before it, when `before` is C_WORD.
 */
function regexAfterIncDec(src: Buffer, at: number, before: number, wordStart: number, wordEnd: number): number {
  const operandDue = before === C_WORD ? regexAfterWord(wordAt(src, wordStart, wordEnd)) : (REGEX_AFTER_CLASS[before] as number);
  return operandDue === NO ? lineBreakBefore(src, at) : operandDue;
}

/** Whether a line break precedes `at` (YES or NO), looking back over blanks; UNSURE behind a block comment. */
function lineBreakBefore(src: Buffer, at: number): number {
  let p = at - 1;
  while (src[p] === 0x20 || src[p] === 0x09 || src[p] === 0x0b || src[p] === 0x0c) p--;
  const c = src[p];
  if (c === 0x0a || c === 0x0d) return YES;
  return c === 0x2f && src[p - 1] === 0x2a ? UNSURE : NO;
}

/** Template text just ended at `end` with `${` (push its frame) rather than a backtick. */
export function templateHeadAt(src: Buffer, end: number, stack: number[]): boolean {
  if (src[end - 1] === BACKTICK) return false;
  stack.push(F_TEMPLATE);
  return true;
}

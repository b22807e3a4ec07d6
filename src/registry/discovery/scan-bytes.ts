/**
 * Byte-level JavaScript lexing for the discovery scanner: character classes, and skipping over
 * numbers, strings, template text, regex literals and comments straight on the UTF-8 bytes
 * (no decoding), shared by the token reader and the group skipper.
 */

/** Byte classes (bound to module-local consts where used: see scan-codes.ts). */
export const CHAR_CLASSES = {
  CC_INVALID: 0, // outside strings and comments: control characters, DEL, `\`, non-ASCII
  CC_IDENT: 1,
  CC_DIGIT: 2,
  CC_SPACE: 3,
  CC_PUNCT: 4,
};
const { CC_INVALID, CC_IDENT, CC_DIGIT, CC_SPACE, CC_PUNCT } = CHAR_CLASSES;
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
/** The byte tables (bound to module-local consts where used: see scan-codes.ts). */
export const BYTE_TABLES = { CHAR_CLASS, WORD_BYTE };

export const BACKTICK = 0x60;

// Literal skippers: each takes the position after the opening character(s) (or of the first
// digit) and returns the position after the literal, or -1 when it is unterminated.

export function skipNumber(src: Buffer, p: number): number {
  p++;
  while (src[p] === 0x2e || WORD_BYTE[src[p] as number] === 1) p++;
  return p;
}

export function skipString(src: Buffer, p: number, quote: number): number {
  p++;
  for (;;) {
    const c = src[p];
    if (c === undefined || c === 0x0a || c === 0x0d) return -1;
    if (c === quote) return p + 1;
    p += c === 0x5c ? (src[p + 1] === 0x0d && src[p + 2] === 0x0a ? 3 : 2) : 1;
  }
}

/** Template text up to and including the closing backtick or the next `${`. */
export function skipTemplateText(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined) return -1;
    if (c === BACKTICK) return p + 1;
    if (c === 0x24 && src[p + 1] === 0x7b) return p + 2;
    p += c === 0x5c ? 2 : 1;
  }
}

/** A regex literal's body and flags. One with U+2028/U+2029 (e2 80 a8/a9) is left to the parser. */
export function skipRegex(src: Buffer, p: number): number {
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
export function skipLineComment(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined || c === 0x0a || c === 0x0d || isLineSeparatorAt(src, p)) return p;
    p++;
  }
}

export function skipBlockComment(src: Buffer, p: number): number {
  for (;;) {
    const c = src[p];
    if (c === undefined) return -1;
    if (c === 0x2a && src[p + 1] === 0x2f) return p + 2;
    p++;
  }
}

export function hasLineBreak(src: Buffer, from: number, to: number): boolean {
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

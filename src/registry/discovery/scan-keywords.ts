/**
 * The words the discovery scanner tells apart (`registry`, `register`, and keywords grouped by
 * how they affect a statement start or a following `/`), looked up from the raw bytes of a name.
 */
import { ANSWERS } from "./scan-tokens.js";

const { NO, UNSURE, YES } = ANSWERS;

/** Word ids (bound to module-local consts where used: see scan-tokens.ts). */
export const WORD_IDS = {
  UNKNOWN_WORD: -1, // not looked up yet
  W_PLAIN: 0,
  W_REGISTRY: 1,
  W_REGISTER: 2,
  W_AWAIT: 3,
  W_VOID: 4,
  W_FOR: 5,
  W_HEADER: 6, // if while with switch catch
  W_NESTED: 7, // else do: what follows is a nested statement
  W_AS: 8, // as satisfies
  W_BINARY: 9, // in instanceof
  W_VALUE: 10, // this super null true false
  W_OPERAND: 11, // keywords after which an operand (so a regex) follows
  W_OTHER: 12, // other reserved or contextual words
};
const { W_PLAIN, W_REGISTRY, W_REGISTER, W_AWAIT, W_VOID, W_FOR, W_HEADER, W_NESTED, W_AS, W_BINARY, W_VALUE, W_OPERAND, W_OTHER } = WORD_IDS;

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

export function wordAt(src: Buffer, start: number, end: number): number {
  return WORDS.get(src.toString("latin1", start, end)) ?? W_PLAIN;
}

export function isHeaderKeyword(src: Buffer, start: number, end: number): boolean {
  const n = end - start;
  if (n < 2 || n > 6) return false;
  const c = src[start];
  if (c !== 0x69 && c !== 0x77 && c !== 0x73 && c !== 0x63) return false; // i w s c
  return wordAt(src, start, end) === W_HEADER;
}

/** Whether a `/` after a word starts a regex (YES), divides (NO), or cannot be told (UNSURE). */
export function regexAfterWord(word: number): number {
  if (word === W_PLAIN || word === W_REGISTRY || word === W_REGISTER || word === W_VALUE) return NO;
  if (word === W_OPERAND || word === W_AWAIT || word === W_VOID || word === W_BINARY || word === W_NESTED) return YES;
  return UNSURE; // `of`, `type`, `get` ... may be plain names
}

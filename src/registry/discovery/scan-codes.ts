/**
 * The codes the discovery scanner's parts share, as small integers the hot loops compare: token
 * kinds, bracket frames, three-way answers, and the ids of the words it tells apart (`registry`,
 * `register`, keywords grouped by how they affect a statement start or a following `/`).
 */

// Each user binds these (and the byte tables of scan-bytes.ts) to module-local consts, as in
// `const { EOF } = TOKEN_KINDS`: V8 folds module-local constants into optimized code but reloads
// an imported binding at every use, which measured 10-20% of scan time. The values are typed
// `number` so that TypeScript does not narrow fields across calls.

export const TOKEN_KINDS = {
  EOF: 0,
  ERROR: 1,
  IDENT: 2,
  LITERAL: 3, // number, string, regex, or a complete template / template tail
  TEMPLATE_HEAD: 4, // `...${ : an operand follows
  LPAREN: 5,
  RPAREN: 6,
  LBRACK: 7,
  RBRACK: 8,
  LBRACE: 9,
  RBRACE: 10,
  SEMI: 11,
  DOT: 12, // `.` or `?.`
  GT: 13, // a run of `>`: a comparison or the end of type arguments
  BANG: 14,
  INCDEC: 15,
  OP: 16, // any other punctuator; `byte` holds its first character
};

/** Bracket frames on the stack; the paren frames are 1..4. */
export const FRAMES = {
  F_PAREN: 1,
  F_HEADER: 2, // ( after if / while / with / switch / catch, or after a nested for
  F_WHILE_AFTER_DO: 3, // ( after a while in a file with a `do`: a loop header, or the end of a do statement
  F_FOR_COUNTING: 4, // ( of a top-level for statement: its body counts
  F_BRACK: 5,
  F_BRACE: 6,
  F_BRACE_COUNTING: 7, // the block body of a top-level for
  F_TEMPLATE: 8,
};

/** Whether a register statement matched, or a `/` starts a regex. */
export const ANSWERS = {
  NO: 0,
  YES: 1,
  UNSURE: 3,
};

const { NO, UNSURE, YES } = ANSWERS;

/** Word ids, from looking a name's bytes up in WORDS. */
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
  // Resources and prompts register like tools: a file with only these is imported too.
  ["registerResource", W_REGISTER],
  ["registerPrompt", W_REGISTER],
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

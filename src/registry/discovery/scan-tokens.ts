/**
 * The discovery scanner's shared codes: token kinds, bracket frames on its stack, and three-way
 * answers, as small integers the hot loops compare.
 */

// Each user binds these (and the byte tables of scan-bytes.ts) to module-local consts, as in
// `const { EOF } = TOKEN_KINDS`: V8 folds module-local constants into optimized code but reloads
// an imported binding at every use, which measured 10-20% of scan time. The values are typed `number` so that TypeScript does not narrow
// fields across calls.

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

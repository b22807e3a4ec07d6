/**
 * The register-statement matcher of the discovery scanner: at a statement start, does a
 * `registry.register(...)` call (behind parens, `await`, `void`) make up the whole statement?
 */
import { BACKTICK } from "./scan-bytes.js";
import { WORD_IDS } from "./scan-keywords.js";
import type { TokenReader } from "./scan-token-reader.js";
import { ANSWERS, TOKEN_KINDS } from "./scan-tokens.js";

// Module-local copies of the shared codes (why: scan-tokens.ts).
const { EOF, ERROR, IDENT, LITERAL, TEMPLATE_HEAD, LPAREN, RPAREN, LBRACK, RBRACE, SEMI, DOT, GT, BANG, INCDEC, OP } = TOKEN_KINDS;
const { NO, YES, UNSURE } = ANSWERS;
const { W_REGISTRY, W_REGISTER, W_AWAIT, W_VOID, W_AS, W_BINARY } = WORD_IDS;

/**
 * At a statement start: `[(|await|void]* registry(.|?.)register[?.](...)`, then the wrapping
 * parens closed, then the end of the statement. YES, NO or UNSURE (ask the parser); the token
 * after the statement is left unconsumed: it may start the next one.
 */
export function matchRegisterStatement(t: TokenReader): number {
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

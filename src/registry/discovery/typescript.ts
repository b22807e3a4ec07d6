/**
 * The reference decision for `moduleRegistersTools`, made with TypeScript's own parser. It is
 * the slow, exact path: the fast scanner defers to it whenever it is not certain, and the tests
 * cross-check the scanner against it. `typescript` is loaded on first use only (≈150 ms), so a
 * discovery that never needs it never pays for it.
 */
import { createRequire } from "node:module";
import type * as TS from "typescript";

export interface ParseVerdict {
  registers: boolean;
  /** First syntax error, "message (line N)", when the file does not parse. */
  syntaxError?: string;
}

let typescript: typeof TS | undefined;
let loads = 0;

/** How many times this process loaded the TypeScript parser (0 or 1); tests read it. */
export function typescriptLoadCount(): number {
  return loads;
}

function loadTypeScript(): typeof TS {
  if (typescript !== undefined) return typescript;
  typescript = createRequire(import.meta.url)("typescript") as typeof TS;
  loads += 1;
  return typescript;
}

function scriptKindFor(ts: typeof TS, fileName: string): TS.ScriptKind {
  return /\.m?js$/i.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** Parses `source` as the ES module `fileName` and applies the discovery rule to its top level. */
export function registersToolsByTypeScript(fileName: string, source: string): ParseVerdict {
  const ts = loadTypeScript();
  const file = ts.createSourceFile(
    fileName,
    source,
    {
      languageVersion: ts.ScriptTarget.Latest,
      impliedNodeFormat: ts.ModuleKind.ESNext,
      // Tool files are ES modules even without import/export, so top-level await parses.
      setExternalModuleIndicator: (sf) => {
        (sf as { externalModuleIndicator?: unknown }).externalModuleIndicator = true;
      },
    },
    false,
    scriptKindFor(ts, fileName),
  );
  const diagnostics = (file as { parseDiagnostics?: readonly TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  const first = diagnostics[0];
  if (first !== undefined) {
    const line = file.getLineAndCharacterOfPosition(first.start).line + 1;
    return { registers: false, syntaxError: `${ts.flattenDiagnosticMessageText(first.messageText, " ")} (line ${line})` };
  }
  return { registers: file.statements.some((s) => topLevelRegisters(ts, s)) };
}

function topLevelRegisters(ts: typeof TS, statement: TS.Statement): boolean {
  if (isRegisterStatement(ts, statement)) return true;
  if (!ts.isForStatement(statement) && !ts.isForOfStatement(statement) && !ts.isForInStatement(statement)) return false;
  const body = statement.statement;
  return ts.isBlock(body) ? body.statements.some((s) => isRegisterStatement(ts, s)) : isRegisterStatement(ts, body);
}

/** The calls that make a module one discovery imports: tools, resources, prompts. */
const REGISTER_METHODS = new Set(["register", "registerResource", "registerPrompt"]);

function isRegisterStatement(ts: typeof TS, statement: TS.Statement): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  const call = unwrap(ts, statement.expression);
  if (!ts.isCallExpression(call)) return false;
  const callee = call.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === "registry" &&
    ts.isIdentifier(callee.name) &&
    REGISTER_METHODS.has(callee.name.text)
  );
}

/** Strips what may wrap the call without changing what it is: parens, await, void, type casts. */
function unwrap(ts: typeof TS, expression: TS.Expression): TS.Expression {
  let e = expression;
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAwaitExpression(e) ||
      ts.isVoidExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isTypeAssertionExpression(e)
    ) {
      e = e.expression;
      continue;
    }
    return e;
  }
}

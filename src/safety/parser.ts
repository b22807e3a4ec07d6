/**
 * The bash grammar (tree-sitter-bash on web-tree-sitter), loaded on the first assessment only:
 * importing this module costs nothing, so CLI start-up never pays for the WASM.
 * The grammar's .wasm is vendored (vendor/tree-sitter-bash), the runtime's comes from web-tree-sitter; nothing is downloaded at run time.
 */
import { readFile } from "node:fs/promises";
import type { Language as TsLanguage, Node as SyntaxNode, Parser as TsParser } from "web-tree-sitter";

export type { SyntaxNode };

let loading: Promise<TsParser> | undefined;

/** A compiled grammar, as `Language.loadSync` takes it. */
type CompiledGrammar = Parameters<typeof TsLanguage.loadSync>[0];
/** The one call used of the WebAssembly global, which the project's lib (ES2023, no DOM) does not declare. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledGrammar> };

/**
 * Node 20's V8 (11.x) tiers the grammar's lexer, one very large WASM function, up to TurboFan
 * within its first parses. That compile costs 1.4–1.9 s of CPU, and the process waits for it
 * (at its next major GC, at the latest at exit): `tools call terminal` took 2.2–3.2 s against
 * 0.58 s for `read_file`. Measured on Node 20: with Liftoff only, a fresh process that loads
 * the parser and parses once ends in ~0.2 s instead of 1–3 s; a 33 KB script parses in ~50 ms
 * instead of ~25 ms once TurboFan is done, a one-line command in tens of µs either way.
 * V8 reads the flag whenever it would tier up, not when it compiles (measured: resetting it
 * after the load brings the wait back), so it stays set for the process. Node 22+ (V8 12+)
 * does not make the process wait (measured on 22.23: ~0.1 s either way) and keeps TurboFan.
 * A user's own WASM tiering flags are left alone.
 */
async function keepWasmOnBaselineTier(): Promise<void> {
  if (Number.parseInt(process.versions.v8, 10) >= 12) return;
  const given = [...process.execArgv, process.env["NODE_OPTIONS"] ?? ""].join(" ");
  if (/liftoff|wasm-tier|wasm-dynamic-tiering/.test(given)) return;
  const { setFlagsFromString } = await import("node:v8");
  setFlagsFromString("--liftoff-only");
}

// Vendored (vendor/tree-sitter-bash/README.md): the npm package adds 20 MB of native builds and an install script.
// Two levels up from src/safety/ and from dist/safety/ alike.
const GRAMMAR_WASM = new URL("../../vendor/tree-sitter-bash/tree-sitter-bash.wasm", import.meta.url);

function loadParser(): Promise<TsParser> {
  loading ??= (async () => {
    await keepWasmOnBaselineTier();
    // The grammar is read and compiled (on V8's background threads) while web-tree-sitter
    // initialises, instead of after it: measured ~30 ms instead of ~30-45 ms for the whole load.
    const grammar = readFile(GRAMMAR_WASM).then((bytes) => WebAssembly.compile(bytes));
    grammar.catch(() => undefined); // awaited below; a failed init must not leave it unhandled
    const { Parser, Language } = await import("web-tree-sitter");
    await Parser.init();
    const parser = new Parser();
    parser.setLanguage(Language.loadSync(await grammar));
    return parser;
  })();
  // A failed load (a broken install) is reported to the caller and retried next time.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Parses one string; `free` releases the tree (it lives in WASM memory, not on the JS heap). */
export type BashParse = (text: string) => { root: SyntaxNode; free: () => void };

let loaded: BashParse | undefined;

/** The parser, ready, for callers that parse more strings synchronously inside one assessment. */
export async function bashParser(): Promise<BashParse> {
  if (loaded !== undefined) return loaded;
  const parser = await loadParser();
  loaded ??= (text) => {
    const tree = parser.parse(text);
    if (tree === null) throw new Error(`The bash parser returned no tree for ${JSON.stringify(text.slice(0, 80))}`);
    return { root: tree.rootNode, free: () => tree.delete() };
  };
  return loaded;
}

/** The parser when it has been loaded already, without waiting for it (a line of plain words needs none). */
export function loadedBashParser(): BashParse | undefined {
  return loaded;
}

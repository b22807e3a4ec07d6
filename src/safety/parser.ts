/**
 * The bash grammar (tree-sitter-bash on web-tree-sitter), loaded on the first assessment only:
 * importing this module costs nothing, so CLI start-up never pays for the WASM.
 * Both .wasm files come from their npm packages; nothing is downloaded at run time.
 */
import { createRequire } from "node:module";
import type { Node as SyntaxNode, Parser as TsParser } from "web-tree-sitter";

export type { SyntaxNode };

let loading: Promise<TsParser> | undefined;

function loadParser(): Promise<TsParser> {
  loading ??= (async () => {
    const { Parser, Language } = await import("web-tree-sitter");
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm");
    const parser = new Parser();
    parser.setLanguage(await Language.load(wasm));
    return parser;
  })();
  // A failed load (a broken install) is reported to the caller and retried next time.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Parses one string; `free` releases the tree (it lives in WASM memory, not on the JS heap). */
export type BashParse = (text: string) => { root: SyntaxNode; free: () => void };

/** The parser, ready, for callers that parse more strings synchronously inside one assessment. */
export async function bashParser(): Promise<BashParse> {
  const parser = await loadParser();
  return (text) => {
    const tree = parser.parse(text);
    if (tree === null) throw new Error(`The bash parser returned no tree for ${JSON.stringify(text.slice(0, 80))}`);
    return { root: tree.rootNode, free: () => tree.delete() };
  };
}

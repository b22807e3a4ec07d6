/**
 * A generated corpus of tool-module sources for cross-checking discovery's fast scanner against
 * the TypeScript parser: top-level statements drawn from a pool of register statements,
 * look-alikes that must not count, counting loops, and code that is hard to lex (strings,
 * templates, comments and regexes mentioning `registry.register(`, divisions, ASI), joined by
 * separators that keep the file valid. Deterministic for a given seed.
 */
import { prng } from "./prng.mjs";

export interface CorpusFile {
  name: string;
  source: string;
}

type Atom = (n: number) => string;

const call = (n: number) => `{ name: "t${n}", toolset: "gen", schema: { name: "t${n}" }, handler: () => "ok" }`;

/** Register statements that count at the top level (and directly in a top-level for body). */
const REGISTERING: Atom[] = [
  (n) => `registry.register(${call(n)})`,
  (n) => `registry.register(${call(n)});`,
  (n) => `void registry.register(${call(n)})`,
  (n) => `await registry.register(${call(n)})`,
  (n) => `;(registry.register(${call(n)}))`,
  (n) => `(registry.register(${call(n)}))`, // after a line without \`;\`: a call, or a new statement after a declaration
  (n) => `void (registry.register(${call(n)}))`,
  (n) => `await (registry.register(${call(n)}))`,
  (n) => `registry?.register(${call(n)})`,
  (n) => `registry.register?.(${call(n)})`,
  (n) => `registry\n  .register(${call(n)})`,
  (n) => `registry /* why */ . /* not */ register (${call(n)})`,
  (n) => `registry.register({\n  name: "multi${n}", // a comment with ) and }\n  toolset: "gen",\n  schema: { description: "has \\"quotes\\" and /slashes/" },\n  handler: (a) => JSON.stringify({ a, re: /[)}\\]]+/g.source, t: \`\${a}\` }),\n})`,
  (n) => `registry.register(spec${n}) // trailing comment\n`,
  (n) => `registry.register(spec${n}) /* block */ ;`,
];

const REGISTERING_TS: Atom[] = [
  (n) => `registry.register(${call(n)} satisfies RegisterOptions)`,
  (n) => `registry.register(${call(n)} as RegisterOptions);`,
  (n) => `registry.register<RegisterOptions>(${call(n)})`,
  (n) => `registry.register(${call(n)}) as unknown`,
  (n) => `registry.register(${call(n)})!`,
];

/** Look-alikes that do not count. */
const NOT_COUNTING: Atom[] = [
  (n) => `const r${n} = registry.register(${call(n)})`,
  (n) => `export const e${n} = registry.register(${call(n)});`,
  (n) => `x${n} = registry.register(${call(n)})`,
  (n) => `registry.register(${call(n)}).then(() => 0)`,
  (n) => `registry.register(${call(n)})\n  .then(() => 0)`,
  (n) => `registry.register(${call(n)}), other${n}()`,
  (n) => `registry.register(${call(n)}) + 1`,
  (n) => `function setup${n}() {\n  registry.register(${call(n)})\n}`,
  (n) => `const f${n} = () => registry.register(${call(n)})`,
  (n) => `const g${n} = async () => { await registry.register(${call(n)}) }`,
  (n) => `class K${n} {\n  static {\n    registry.register(${call(n)})\n  }\n  method() { registry.register(${call(n)}) }\n}`,
  (n) => `if (flag${n}) registry.register(${call(n)})`,
  (n) => `if (flag${n}) {\n  registry.register(${call(n)})\n} else registry.register(${call(n)})`,
  (n) => `while (flag${n}) registry.register(${call(n)})`,
  (n) => `do registry.register(${call(n)}); while (flag${n})`,
  (n) => `label${n}: registry.register(${call(n)})`,
  (n) => `label${n}: for (const t of list) registry.register(t)`,
  (n) => `try {\n  registry.register(${call(n)})\n} catch {\n  // ignore\n}`,
  (n) => `switch (k${n}) {\n  case 1:\n    registry.register(${call(n)})\n}`,
  (n) => `;{\n  registry.register(${call(n)})\n}`, // the ; because TypeScript rejects \`() => x\n{\``
  (n) => `export default registry.register(${call(n)})`,
  (n) => `new registry.register(${call(n)})`,
  (n) => `registry["register"](${call(n)})`,
  (n) => `;(registry).register(${call(n)})`,
  (n) => `registry.register.call(registry, ${call(n)})`,
  (n) => `registry.registerAll([${call(n)}])`,
  (n) => `myregistry.register(${call(n)})`,
  (n) => `registry.register`,
  (n) => `registry.register\`t${n}\``,
  (n) => `for (const t of list${n}) { if (t) registry.register(t) }`,
  (n) => `for (const t of list${n}) for (const u of t) registry.register(u)`,
  (n) => `for (const t of list${n}) {\n  for (const u of t) registry.register(u)\n}`,
  (n) => `for (const t of list${n}) {\n  {\n    registry.register(t)\n  }\n}`,
  (n) => `;[1, 2].forEach((t) => registry.register(t))`,
  (n) => `list${n}.map((t) => {\n  registry.register(t)\n})`,
  (n) => `const o${n} = { run() { registry.register(${call(n)}) } }`,
];

const NOT_COUNTING_TS: Atom[] = [
  (n) => `namespace N${n} {\n  registry.register(${call(n)})\n}`,
  (n) => `declare module "m${n}" {\n  export const x: number\n}`,
];

/** Top-level loops whose body counts. */
const COUNTING_LOOPS: Atom[] = [
  (n) => `for (const t of list${n}) registry.register(t)`,
  (n) => `for (const t of list${n}) {\n  registry.register(t)\n}`,
  (n) => `for (let i = 0; i < 2; i++) registry.register(make(i, ${n}))`,
  (n) => `for (const k in obj${n}) {\n  const v = obj${n}[k]\n  registry.register(v)\n}`,
  (n) => `for await (const t of gen${n}()) registry.register(t)`,
  (n) => `for (const t of list${n}) {\n  helper(t);\n  void registry.register(t);\n}`,
  (n) => `for (const [a, b] of pairs${n})\n  registry.register({ ...a, ...b })`,
  (n) => `for (;;) {\n  registry.register(spec${n})\n  break\n}`,
];

/** Neutral code, much of it hard to lex. */
const NEUTRAL: Atom[] = [
  (n) => `const s${n} = "registry.register(\\"x\\") in a string"`,
  (n) => `const q${n} = 'it\\'s registry.register( too'`,
  (n) => `const t${n} = \`registry.register(\${\`nested \${"}"} \`}) \${a${n}}\``,
  (n) => `// registry.register(${call(n)})\n`,
  (n) => `/* registry.register(${call(n)}) */`,
  (n) => `/**\n * Docs: call registry.register({ ... }) at the top level.\n * @example registry.register(x)\n */`,
  (n) => `const re${n} = /registry\\.register\\(/g`,
  (n) => `const cls${n} = /[/"'\`]+/`,
  (n) => `if (/a\\/b/.test(s${n})) act()`,
  (n) => `const d${n} = a / b / c`,
  (n) => `let y${n} = 0\ny${n}++ / 2`,
  (n) => `const p${n} = (a) / 2 / (b)`,
  (n) => `const arr${n} = [1] / 2`,
  (n) => `function fr${n}(x) {\n  return /registry\\.register/.test(x) ? 1 / x : typeof /x/\n}`,
  (n) => `function* gen${n}() {\n  yield /re/\n}`,
  (n) => `const big${n} = 1_000n + 0xFFn, dec${n} = .5e-3 / 2`,
  (n) => `const ch${n} = a?.b?.(c) ?? d?.[e]`,
  (n) => `const e${n} = "📖 — ünïcödé"`,
  (n) => `// ½ comment with ünïcödé\n`,
  (n) => `export function helper${n}(a, b = {}) {\n  const { x = 1 } = b\n  return a + x\n}`,
  (n) => `const arrow${n} = async (x) => {\n  await x\n  return x\n}`,
  (n) => `const obj${n} = {\n  a: 1,\n  "b c": [1, 2, { d: "}" }],\n  [\`k\${1}\`]: () => {},\n}`,
  (n) => `export { helper as h${n} }`,
  (n) => `import { registry } from "../registry/index.js"`,
  (n) => `import * as ns${n} from "./ns.js"`,
  (n) => `class C${n} {\n  #priv = 1\n  static count = 0\n  get value() { return this.#priv / 2 }\n}`,
  (n) => `outer${n}: for (const a of b) {\n  if (a) continue outer${n}\n}`,
  (n) => `const tpl${n} = tag\`a\${b}c\${\`d\${e}\`}\``,
  (n) => `const r${n} = x /* c */ / 2`,
  (n) => `const w${n} = a\n/ b`,
  (n) => `if (a) {\n  b()\n} else if (c) {\n  d()\n}`,
  (n) => `const m${n} = new Map([["registry", "register"]])`,
  (n) => `const cx${n} = a > b ? c : d`,
  (n) => `const nn${n} = !x`,
  (n) => `let u${n} = a\n++b`,
  (n) => `const café${n} = 1`,
  (n) => `let v${n} = 8\nv${n} /= 2`,
  (n) => `const rx${n} = /[\\]/]+\\/(?:a|b)/giu`,
  (n) => `const tx${n} = \`a \${ "\`" } b \${ /* } */ 1 } c \${ '}' }\``,
  (n) => `const lc${n} = "line \\\ncontinued"`,
  (n) => `async function af${n}() {\n  for await (const x of y) /re/.test(x)\n}`,
  (n) => `function hd${n}() {\n  if (a) /re/.exec(b)\n  while (c) /d/.test(e)\n}`,
  (n) => `lbl${n}: {\n  break lbl${n}\n}`,
  (n) => `if (a${n}) b(); else c()`,
  (n) => `do {\n  x()\n} while (y${n})`,
  (n) => `class Z${n} { m() { return /x/ } }`,
  (n) => `const ob${n} = { for: 1, if(x) { return x / 2 }, of: 3 }`,
  (n) => `const mk${n} = () => ({ a: 1 })`,
  (n) => `const url${n} = import.meta.url`,
  (n) => `export * from "./x${n}.js"`,
  (n) => `let [a${n}, b${n}] = [1, 2]`,
  (n) => `try { x() } catch { y() } finally { z() }`,
];

const NEUTRAL_TS: Atom[] = [
  (n) => `interface I${n} {\n  a: string\n  b?: () => void\n}`,
  (n) => `type T${n} = { a: string } | (() => void)`,
  (n) => `type H${n} = () => void`,
  (n) => `let m${n}: Map<string, Array<number>>`,
  (n) => `import type { RegisterOptions } from "../registry/types.js"`,
  (n) => `enum E${n} { A, B = "registry.register(" }`,
  (n) => `const g${n} = <T,>(x: T): T => x`,
  (n) => `declare const dc${n}: number`,
  (n) => `export abstract class A${n}<T extends object = {}> {\n  abstract run(x: T): Promise<void>\n}`,
  (n) => `const asr${n} = value as unknown as string[]`,
  (n) => `function ov${n}(a: string): void\nfunction ov${n}(a: any) {}`,
  (n) => `const nonNull${n} = maybe!`,
];

/** Separators that keep the file valid whatever two atoms they join (atoms ending in a line comment end with a newline). */
const SEPARATORS = [";\n", "\n", "\n\n", ";", "\n// registry.register(sep)\n", "\n/* registry.register(\n) */\n", ";\r\n", "\r\n"];

const EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

/** `count` valid modules mixing every pool; roughly half register. */
export function generateCorpus(count: number, seed = 1): CorpusFile[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const files: CorpusFile[] = [];
  for (let i = 0; i < count; i++) {
    const ext = pick(EXTENSIONS);
    const ts = ext === ".ts" || ext === ".mts";
    const pools: Atom[][] = [REGISTERING, NOT_COUNTING, COUNTING_LOOPS, NEUTRAL, NEUTRAL, NEUTRAL];
    if (ts) pools.push(REGISTERING_TS, NOT_COUNTING_TS, NEUTRAL_TS, NEUTRAL_TS);
    const atoms: string[] = [];
    const size = 2 + Math.floor(rnd() * 10);
    for (let k = 0; k < size; k++) {
      let pool = pick(pools);
      // Keep about half the files free of anything that counts.
      if (i % 2 === 1 && (pool === REGISTERING || pool === REGISTERING_TS || pool === COUNTING_LOOPS)) pool = NOT_COUNTING;
      atoms.push(pick(pool)(i * 100 + k));
    }
    let source = rnd() < 0.1 ? "#!/usr/bin/env node\n" : rnd() < 0.05 ? "\ufeff" : "";
    source += atoms[0];
    for (let k = 1; k < atoms.length; k++) source += pick(SEPARATORS) + atoms[k];
    files.push({ name: `gen_${String(i).padStart(4, "0")}${ext}`, source: source + (rnd() < 0.5 ? "\n" : "") });
  }
  return files;
}

/** Lexical breakages: each turns a valid module into one that does not parse. */
const BREAKAGES: Array<(source: string) => string> = [
  (s) => `${s}\nconst broken = "unterminated`,
  (s) => `${s}\nconst broken = \`unterminated \${x}`,
  (s) => `${s}\n/* unterminated comment`,
  (s) => `${s}\nfunction broken() {`,
  (s) => `${s}\n})`,
  (s) => `${s}\nconst broken = /unterminated`,
  (s) => `registry.register({ name: "x", toolset: "y", schema: {}, handler: () => "" }\n${s}`,
  (s) => `${s}\nconst broken = [1, 2`,
];

/** Modules with a lexical error somewhere (each also registers, so a wrong "registers" shows). */
export function generateBrokenCorpus(count: number, seed = 2): CorpusFile[] {
  const rnd = prng(seed);
  return generateCorpus(count, seed).map((file, i) => {
    const base = `${REGISTERING[0]?.(i) ?? ""}\n${file.source}`;
    const breakage = BREAKAGES[Math.floor(rnd() * BREAKAGES.length)] ?? ((s: string) => s);
    return { name: file.name.replace("gen_", "broken_"), source: breakage(base) };
  });
}

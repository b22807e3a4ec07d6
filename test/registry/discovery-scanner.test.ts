import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { moduleRegistersTools } from "../../src/registry/discovery/discovery.js";
import { scanTopLevel } from "../../src/registry/discovery/scanner.js";
import { registersToolsByTypeScript } from "../../src/registry/discovery/typescript.js";
import { addLogSink } from "../../src/registry/logger.js";
import { generateBrokenCorpus, generateCorpus } from "../helpers/discovery-corpus.js";

const scan = (source: string) => scanTopLevel(Buffer.from(source));

/** The reference: TypeScript's parser, behind the same text prefilter discovery applies. */
function reference(name: string, source: string): boolean {
  if (!source.includes("registry") || !source.includes("register")) return false;
  return registersToolsByTypeScript(name, source).registers;
}

describe("fast scanner vs the TypeScript parser", () => {
  it("agrees on every file of a generated corpus where it answers, and defers the rest", () => {
    const files = generateCorpus(800, 20240601);
    const counts = { registers: 0, none: 0, unsure: 0 };
    const disagreements: string[] = [];
    for (const file of files) {
      const parsed = registersToolsByTypeScript(file.name, file.source);
      expect(parsed.syntaxError, `${file.name} should be valid:\n${file.source}`).toBeUndefined();
      const fast = scan(file.source);
      counts[fast]++;
      if (fast !== "unsure" && (fast === "registers") !== parsed.registers) disagreements.push(`${file.name} (${fast}):\n${file.source}`);
    }
    expect(disagreements).toEqual([]);
    // Both answers are well represented, and the parser is needed for a minority only.
    expect(counts.registers).toBeGreaterThan(150);
    expect(counts.none).toBeGreaterThan(250);
    expect(counts.unsure).toBeLessThan(files.length * 0.3);
  });

  it("makes moduleRegistersTools equal to the parser's verdict on the whole corpus", () => {
    const dir = mkdtempSync(join(tmpdir(), "quiver-corpus-"));
    try {
      const mismatches: string[] = [];
      for (const file of generateCorpus(320, 7)) {
        const path = join(dir, file.name);
        writeFileSync(path, file.source);
        if (moduleRegistersTools(path) !== reference(file.name, file.source)) mismatches.push(file.name);
      }
      expect(mismatches).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("defers every file with a lexical error to the parser, which warns", () => {
    const dir = mkdtempSync(join(tmpdir(), "quiver-broken-"));
    const warnings: string[] = [];
    const remove = addLogSink((r) => {
      if (r.level === "warn" && r.scope === "discovery") warnings.push(r.message);
    });
    try {
      const broken = generateBrokenCorpus(60);
      for (const file of broken) {
        expect(scan(file.source), file.source).toBe("unsure");
        const path = join(dir, file.name);
        writeFileSync(path, file.source);
        expect(moduleRegistersTools(path)).toBe(false);
      }
      expect(warnings).toHaveLength(broken.length);
    } finally {
      remove();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("fast scanner on real code", () => {
  // Installed packages (pinned by the lockfile) are real code the generator did not write.
  const packages = ["commander/lib", "yaml/dist", "ajv/dist/compile", "zod/src/v4/core", "eventsource-parser/src"].map((p) => fileURLToPath(new URL(`../../node_modules/${p}`, import.meta.url)));
  const sources = packages.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(m?js|ts)$/.test(f) && !f.endsWith(".d.ts") && !f.includes("test"))
      .map((f) => ({ name: join(dir, f), text: readFileSync(join(dir, f), "utf8") })),
  );

  it("agrees with the parser when a register statement is inserted at random lines", () => {
    expect(sources.length).toBeGreaterThan(50);
    const statements = ["registry.register(x)", "registry.register(x);", "for (const t of ts) registry.register(t)", "void registry.register(x)", "(registry.register(x))"];
    let seed = 99;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) % n);
    let compared = 0;
    const disagreements: string[] = [];
    for (const { name, text } of sources) {
      const lines = text.split("\n");
      for (let k = 0; k < 3; k++) {
        const at = next(lines.length + 1);
        const variant = [...lines.slice(0, at), statements[next(statements.length)], ...lines.slice(at)].join("\n");
        const parsed = registersToolsByTypeScript(name, variant);
        if (parsed.syntaxError !== undefined) continue; // inserted inside a string or a template
        const fast = scan(variant);
        if (fast === "unsure") continue;
        compared++;
        if ((fast === "registers") !== parsed.registers) disagreements.push(`${name} at line ${at + 1}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });
});

describe("fast scanner, case by case", () => {
  // [what, source, the scanner's verdict, and for an "unsure" one the parser's answer when the case is about it]
  const cases: Array<[string, string, "registers" | "none" | "unsure", boolean?]> = [
    ["a top-level call", "registry.register(x)", "registers"],
    ["behind await", "await registry.register(x)", "registers"],
    ["behind void, in parens", "void (registry.register(x));", "registers"],
    ["satisfies on the argument", "registry.register({ a: 1 } satisfies Opts)", "registers"],
    ["a braceless for…of body", "for (const t of ts) registry.register(t)", "registers"],
    ["a braced for body", "for (let i = 0; i < 2; i++) {\n  const t = make(i)\n  registry.register(t)\n}", "registers"],
    ["a for…in body", "for (const k in o)\n  registry.register(o[k]);", "registers"],
    ["for await", "for await (const t of gen()) { registry.register(t) }", "registers"],
    ["after ASI", "const a = b\nregistry.register(x)", "registers"],
    ["after a do-while", "do x(); while (a)\nregistry.register(y)", "unsure"],
    ["a ( line after an import", 'import x from "y"\n(registry.register(x))', "unsure"],
    ["a ( line after a call", "f()\n(registry.register(x))", "unsure"],
    ["a ( on the same line as a call", "f() (registry.register(x))", "none"],
    ["in a string", "const s = 'registry.register(x)'", "none"],
    ["in a comment", "// registry.register(x)\n/* registry.register(y) */", "none"],
    ["in a nested template", "const t = `${`registry.register(${1})`}`", "none"],
    ["in a regex literal", "const re = /registry.register\\(/; const d = a / b", "none"],
    ["in a function", "function f() { registry.register(x) }", "none"],
    ["in an arrow body", "const f = () => registry.register(x)", "none"],
    ["in a class static block", "class A { static { registry.register(x) } }", "none"],
    ["under an if", "if (x) registry.register(y)", "none"],
    ["under a label", "lbl: registry.register(a)", "none"],
    ["in a nested for", "for (const a of b) for (const c of d) registry.register(c)", "none"],
    ["under if in a for body", "for (;;) { if (a) registry.register(x) }", "none"],
    ["a chained call", "registry.register(x)\n  .then(() => 1)", "none"],
    ["an assignment", "const r = registry.register(x)", "none"],
    ["an unterminated string", "registry.register(x)\nconst s = 'abc", "unsure"],
    ["a `/` after `}`", "const a = {}\n/x/.test(s); registry.register(x)", "unsure"],
    ["type arguments on register", "registry.register<T>(x)", "unsure"],
    ["a non-ASCII name", "const é = 1\nregistry.register(x)", "unsure"],
    ["after a shebang line", "#!/usr/bin/env node\nregistry.register(x)", "registers"],
    // A `/` after a prefix `++`/`--` (an operand was due, or a line break precedes it) starts a
    // regex; after a postfix one it divides.
    ["a regex after a prefix ++", "++/'/.lastIndex; registry.register(x) //'", "registers"],
    ["a regex after a prefix -- on a new line", "let a = b\n--/'/.lastIndex; registry.register(x) //'", "registers"],
    ["a regex after a prefix ++ in a function", "function f() { ++/'/.lastIndex } registry.register(x) //' }", "unsure", true],
    ["a regex after a prefix ++ on a new line in a function", "function f(a) { a\n++/'/.lastIndex } registry.register(x) //' }", "unsure", true],
    ["a regex after a prefix ++ behind a keyword in a function", "function f() { return ++/'/.lastIndex } registry.register(x) //' }", "unsure", true],
    ["a division after a postfix ++", "const r = i++ / 2 / 1\nregistry.register(x)", "registers"],
    ["a division after a postfix -- in a function", "function f(i) { return i-- / 2 / 1 }\nregistry.register(x)", "registers"],
  ];
  for (const [what, source, expected, parserRegisters] of cases) {
    it(`${what} → ${expected}`, () => {
      expect(scan(source)).toBe(expected);
      const parser = expected === "unsure" ? parserRegisters : expected === "registers";
      if (parser !== undefined) expect(registersToolsByTypeScript("case.ts", source).registers).toBe(parser);
    });
  }
});

/**
 * A line of plain words is judged without the bash grammar (src/safety/commands.ts `plainFacts`):
 * what it yields must be exactly what the grammar's parse tree yields, or the guard would judge
 * the two paths differently. Lines are generated from the words the guard's rules look for
 * (destructive programs, shells that take code, builtins that change the line's state) and from
 * the plain-word alphabet itself.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectFacts, plainFacts, plainWords, type LineContext } from "../../src/safety/commands.js";
import { bashParser } from "../../src/safety/parser.js";
import { criticalCandidates, safetyEnv, type SafetyEnv } from "../../src/safety/paths.js";

const VOCABULARY = [
  "rm", "-rf", "-r", "-f", "/", "/etc", "~", ".", "..", "./x", "src", "git", "push", "--force", "reset", "--hard", "clean", "-fdx",
  "chmod", "777", "-R", "chown", "dd", "mkfs", "sudo", "doas", "env", "nohup", "xargs", "find", "-exec", "-delete", "bash", "sh", "-c",
  "zsh", "eval", "source", "exec", "command", "builtin", "alias", "cd", "pushd", "popd", "mkdir", "-p", "shopt", "-s", "extglob",
  "let", "declare", "typeset", "export", "readonly", "local", "unset", "-i", "if", "then", "fi", "for", "in", "do", "done", "while",
  "case", "esac", "time", "coproc", "function", "select", "until", "curl", "wget", "-o", "out.sh", "python3", "node", "-e", "npm",
  "install", "make", "ls", "-la", "cat", "echo", "hi", "test", "true", "false", "kill", "-9", "1", "%1", "a:b", "user@host", "x+y", "a,b",
  "--", "-", "0", "9x", "trap", "return", "exit", "history", "fc", "mv", "cp", "ln", "-s", "tar", "-xf", "unzip", "crontab", "systemctl",
];
const PLAIN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,-"; // %, @ and + included: such lines must go to the grammar

const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VOCABULARY) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...PLAIN_CHARS), minLength: 1, maxLength: 8 }) },
  // Short words of punctuation and digits, where a grammar's quirks hide (`1`, `-`, `:`, `.,`).
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(..."_./:,-019aZ"), minLength: 1, maxLength: 3 }) },
);
const gap = fc.constantFrom(" ", "  ", "\t", " \t ");
const line = fc
  .tuple(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 7 }), fc.constantFrom("", " ", "\t"), fc.constantFrom("", " "))
  .map(([parts, lead, trail]) => lead + parts.map(([w, g], i) => (i === 0 ? w : g + w)).join("") + trail);

function freshLine(env: SafetyEnv): LineContext {
  return { vars: new Map(), knownPaths: criticalCandidates(env), shell: { unknownGlobs: false, integers: new Set() }, made: new Set() };
}

describe("lines of plain words", () => {
  it("give the same facts and leave the line's state the same, with or without the grammar", async () => {
    const parse = await bashParser();
    const env = safetyEnv({ cwd: "/work/project", home: "/home/u", env: {} });
    let plain = 0;
    fc.assert(
      fc.property(line, (text) => {
        const fast = freshLine(env);
        const viaPlain = plainFacts(text, env, fast);
        const slow = freshLine(env);
        const { root, free } = parse(text);
        try {
          const viaGrammar = collectFacts(root, env, slow);
          if (viaPlain === undefined) return; // a reserved word or declaration first: the grammar's alone
          plain++;
          expect(root.hasError).toBe(false);
          expect(viaPlain).toEqual(viaGrammar);
          expect(fast).toEqual(slow);
        } finally {
          free();
        }
      }),
      { numRuns: 3000, seed: 20261207 },
    );
    expect(plain).toBeGreaterThan(2000); // the property is not vacuous
  });

  it("are only lines of plain words: quotes, expansions, operators, keywords and declarations go to the grammar", () => {
    expect(plainWords("  git   status \t")).toEqual(["git", "status"]);
    expect(plainWords("rm -rf /")).toEqual(["rm", "-rf", "/"]);
    for (const text of [
      "", "   ", "echo 'hi'", 'echo "hi"', "echo $HOME", "echo ${x}", "echo `id`", "echo $(id)", "ls *", "ls ?", "ls [ab]", "ls {a,b}",
      "cat ~/.ssh/id_rsa", "a=b cmd", "ls; rm x", "ls && rm x", "ls | sh", "ls > f", "ls < f", "ls & ", "ls # note", "echo a\\ b",
      "(ls)", "! ls", "echo hi\n", "echo hi\r", "if true", "export A", "declare -i x", "local y", "readonly z", "unset PATH",
      "typeset q", "function f", "time ls", "coproc ls", "for x", "while true", "echo \u0000", "echo é",
    ]) {
      expect(plainWords(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("are judged in a fresh process without loading the grammar, which the first other line loads", () => {
    const assess = fileURLToPath(new URL("../../src/safety/assess.ts", import.meta.url));
    const parser = fileURLToPath(new URL("../../src/safety/parser.ts", import.meta.url));
    const script = `
      const { assessCommand } = await import(${JSON.stringify(assess)});
      const { loadedBashParser } = await import(${JSON.stringify(parser)});
      const out = [];
      for (const command of ["git status", "rm -rf /", "bash -c ls", "echo $(rm -rf /)"]) {
        const a = await assessCommand(command, { cwd: "/tmp" });
        out.push([command, a.verdict, loadedBashParser() !== undefined]);
      }
      process.stdout.write(JSON.stringify(out));`;
    const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/esm/index.mjs", import.meta.url));
    const out = JSON.parse(execFileSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { encoding: "utf8" })) as Array<[string, string, boolean]>;
    expect(out).toEqual([
      ["git status", "allow", false],
      ["rm -rf /", "refuse", false],
      ["bash -c ls", "allow", false],
      ["echo $(rm -rf /)", "refuse", true],
    ]);
  });
});

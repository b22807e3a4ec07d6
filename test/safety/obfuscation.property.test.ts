/**
 * Random quoting and escaping of a destructive command never makes it `allow`, and a
 * catastrophic one stays `refuse`: each word is cut into pieces, and each piece is spelled
 * plainly, in single or double quotes, with backslashes or as ANSI-C `$'…'` escapes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assessCommand } from "../../src/safety/index.js";

const BASES: ReadonlyArray<[string[], "ask" | "refuse"]> = [
  [["rm", "-rf", "dir"], "ask"],
  [["rm", "-rf", "/"], "refuse"],
  [["rm", "-r", "-f", "/etc"], "refuse"],
  [["rm", "-rf", "/usr/*"], "refuse"],
  [["chmod", "-R", "777", "/"], "refuse"],
  [["dd", "if=/dev/zero", "of=/dev/sda"], "refuse"],
  [["mkfs.ext4", "/dev/sda1"], "refuse"],
  [["git", "reset", "--hard"], "ask"],
  [["git", "push", "--force"], "ask"],
  [["git", "clean", "-fdx"], "ask"],
  [["find", ".", "-delete"], "ask"],
  [["truncate", "-s0", "app.log"], "ask"],
  [["iptables", "-F"], "ask"],
  [["crontab", "-r"], "ask"],
  [["shutdown", "now"], "ask"],
  [["pkill", "-9", "node"], "ask"],
];

type Style = "plain" | "single" | "double" | "backslash" | "hex" | "octal";
const hex = (s: string): string => `$'${[...s].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("")}'`;
const octal = (s: string): string => `$'${[...s].map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`).join("")}'`;

/** `piece` spelled in `style`; globs stay unquoted so they still expand. */
function spell(piece: string, style: Style): string {
  if (piece === "" || /[*?]/.test(piece)) return piece;
  switch (style) {
    case "plain":
      return piece;
    case "single":
      return `'${piece}'`;
    case "double":
      return `"${piece}"`;
    case "backslash":
      return [...piece].map((c) => `\\${c}`).join("");
    case "hex":
      return hex(piece);
    case "octal":
      return octal(piece);
  }
}

const style = fc.constantFrom<Style>("plain", "single", "double", "backslash", "hex", "octal");
/** A word as 1–3 pieces, each in its own style. */
const spelledWord = (word: string): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 0, max: word.length }), fc.integer({ min: 0, max: word.length }), style, style, style).map(([a, b, s1, s2, s3]) => {
    const [i, j] = a <= b ? [a, b] : [b, a];
    return spell(word.slice(0, i), s1) + spell(word.slice(i, j), s2) + spell(word.slice(j), s3);
  });
const separator = fc.constantFrom(" ", "  ", "\t", " \\\n ", "${IFS}");
const wrapper = fc.constantFrom("", "command ", "env ", "nice ", "timeout 9 ", "X=1 ", "{ ", "( ", "true && ", "echo x; ");

const obfuscated = fc.constantFrom(...BASES).chain(([words, expected]) =>
  fc
    .tuple(fc.tuple(...words.map(spelledWord)), fc.array(separator, { minLength: words.length, maxLength: words.length }), wrapper)
    .map(([spelled, seps, wrap]) => {
      const body = spelled.map((w, i) => (i === 0 ? w : seps[i]! + w)).join("");
      const close = wrap === "{ " ? "; }" : wrap === "( " ? ")" : "";
      return { command: `${wrap}${body}${close}`, expected };
    }),
);

describe("obfuscation property", () => {
  it("random quoting and escaping never turns a destructive command into allow", async () => {
    await fc.assert(
      fc.asyncProperty(obfuscated, async ({ command, expected }) => {
        const { verdict } = await assessCommand(command, { cwd: "/tmp", home: "/home/tester" });
        expect(verdict, command).not.toBe("allow");
        if (expected === "refuse") expect(verdict, command).toBe("refuse");
      }),
      { numRuns: 400 },
    );
  });
});

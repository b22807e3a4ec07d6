/**
 * Reads a sed script as sed does, far enough to tell whether it runs commands (`e`, `s///e`)
 * or writes files (`w FILE`, `W FILE`, `s///w FILE`); `r FILE` only reads. A script from a
 * file (`-f`) or built at run time cannot be read and counts as running code.
 */
import { OPAQUE } from "./words.js";

/** Why the sed invocation with these arguments runs code or writes files, or undefined. */
export function sedRunsOrWrites(args: readonly string[]): string | undefined {
  const scripts: string[] = [];
  let fromOption = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (/^-[a-zA-Z]*f/.test(a) && !a.startsWith("--") || /^--fi(?:le?)?(?:=|$)/.test(a)) return "running a script file";
    const e = /^-[a-zA-Z]*e(.*)$/.exec(a);
    if (e !== null && !a.startsWith("--")) {
      scripts.push(e[1] !== "" ? e[1]! : (args[++i] ?? ""));
      fromOption = true;
    } else if (/^--e(?:x(?:p(?:r(?:e(?:s(?:s(?:i(?:on?)?)?)?)?)?)?)?)?(?:=|$)/.test(a)) {
      scripts.push(a.includes("=") ? a.slice(a.indexOf("=") + 1) : (args[++i] ?? ""));
      fromOption = true;
    } else if (/^-[lL]$/.test(a)) i++;
  }
  if (!fromOption) {
    const first = args.find((a) => !a.startsWith("-"));
    if (first !== undefined) scripts.push(first);
  }
  for (const s of scripts) {
    if (s.includes(OPAQUE)) return "running a script built at run time";
    const why = scriptEffect(s);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Skips a delimited part (`/re/`, the pieces of `s|a|b|`), honouring backslashes; returns the index after the closing delimiter. */
function skipDelimited(s: string, at: number, delim: string): number {
  let i = at;
  while (i < s.length && s[i] !== delim) i += s[i] === "\\" ? 2 : 1;
  return i + 1;
}

function scriptEffect(s: string): string | undefined {
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /[\s;{}!]/.test(s[i]!)) i++;
    // Addresses: numbers, $, /re/, \cREc, first~step, ranges and their `,`.
    for (;;) {
      if (/[0-9$~+]/.test(s[i] ?? "")) i++;
      else if (s[i] === "/") i = skipDelimited(s, i + 1, "/");
      else if (s[i] === "\\" && i + 1 < s.length) i = skipDelimited(s, i + 2, s[i + 1]!);
      else if (s[i] === "," || s[i] === "I" && /[/0-9]/.test(s[i - 1] ?? "")) i++;
      else break;
    }
    while (i < s.length && /[\s!]/.test(s[i]!)) i++;
    const cmd = s[i];
    if (cmd === undefined) return undefined;
    i++;
    if (cmd === "e") return "running shell commands (the e command)";
    if (cmd === "w" || cmd === "W") return "writing files (the w command)";
    if (cmd === "s" || cmd === "y") {
      const delim = s[i] ?? "/";
      i = skipDelimited(s, skipDelimited(s, i + 1, delim), delim);
      if (cmd === "s") {
        const flags = /^[gpiImMe0-9w]*/.exec(s.slice(i))![0];
        if (flags.includes("e")) return "running shell commands (s///e)";
        if (flags.includes("w")) return "writing files (s///w)";
        i += flags.length;
      }
    } else if (/[aic:btTrRqQlL]/.test(cmd)) {
      // Text or a label or a file name up to the end of the line (a, i, c, labels), or to `;` (b, t, T).
      const end = /[aicrR:]/.test(cmd) ? s.indexOf("\n", i) : s.slice(i).search(/[;\n}]/) + i;
      i = end < i ? s.length : end + 1;
    }
  }
  return undefined;
}

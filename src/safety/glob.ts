/**
 * Brace and pathname expansion on "encoded" words: a character quoted in the command is
 * preceded by ESC, so `'*'` and `"{a,b}"` stay literal while `*` and `{a,b}` expand, as in bash.
 * Globs are matched against the real filesystem (`/h?me` → `/home`) and, for absolute patterns,
 * against the paths the caller names (so a guard does not depend on what exists here).
 */
import { readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/** Marks the next character as quoted. */
export const ESC = "\u0001";

const MAX_WORDS = 256;
const MAX_STEPS = 4096;
const MAX_SEGMENTS = 64;
const MAX_RANGE = 128;

/**
 * `a{b,c}d` → `abd acd`; `{1..3}` → `1 2 3`. Expanded depth-first with a budget, so a word of
 * thirty braces costs no more than a few thousand steps: at most MAX_WORDS results.
 */
export function braceExpand(word: string): string[] {
  const out: string[] = [];
  const stack = [word];
  for (let steps = 0; stack.length > 0 && out.length < MAX_WORDS && steps < MAX_STEPS; steps++) {
    const current = stack.pop()!;
    const brace = firstBrace(current);
    if (brace === undefined) out.push(current);
    else for (const middle of brace.items.slice(0, MAX_WORDS).reverse()) stack.push(brace.before + middle + brace.after);
  }
  return out.length > 0 ? out : [word];
}

function firstBrace(word: string): { before: string; items: string[]; after: string } | undefined {
  for (let open = 0; open < word.length; open++) {
    if (word[open] !== "{" || word[open - 1] === ESC || word[open - 1] === "$") continue;
    const parts = braceParts(word, open);
    if (parts !== undefined) return { before: word.slice(0, open), items: parts.items, after: word.slice(parts.close + 1) };
  }
  return undefined;
}

function braceParts(word: string, open: number): { items: string[]; close: number } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < word.length; i++) {
    const ch = word[i];
    if (word[i - 1] === ESC) continue;
    if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      const inner = word.slice(open + 1, i);
      if (commas.length > 0) {
        const cuts = [open, ...commas, i];
        return { items: cuts.slice(1).map((cut, k) => word.slice(cuts[k]! + 1, cut)), close: i };
      }
      const range = rangeItems(inner);
      return range === undefined ? undefined : { items: range, close: i };
    } else if (ch === "," && depth === 1) commas.push(i);
  }
  return undefined;
}

function rangeItems(inner: string): string[] | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])$/.exec(inner);
  if (m === null) return undefined;
  const numeric = /\d/.test(m[1]!);
  const from = numeric ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = numeric ? Number(m[2]) : m[2]!.charCodeAt(0);
  const step = from <= to ? 1 : -1;
  const items: string[] = [];
  for (let v = from; items.length < MAX_RANGE; v += step) {
    items.push(numeric ? String(v) : String.fromCharCode(v));
    if (v === to) break;
  }
  return items;
}

export function hasGlob(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if ((ch === "*" || ch === "?" || ch === "[") && word[i - 1] !== ESC) return true;
  }
  return false;
}

export function unescape(word: string): string {
  return word.split(ESC).join("");
}

/** One path segment of a glob as a regex (dotfiles match only an explicit leading dot, as in bash). */
function segmentRegex(segment: string): RegExp {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === ESC) {
      i++;
      source += escapeRegex(segment[i] ?? "");
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else if (ch === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) source += "\\[";
      else {
        const body = segment.slice(i + 1, close).split(ESC).join("");
        source += `[${body.startsWith("!") ? "^" + body.slice(1) : body}]`.replace(/\\/g, "\\\\");
        i = close;
      }
    } else source += escapeRegex(ch);
  }
  const dotRule = segment.startsWith(".") || segment.startsWith(ESC + ".") ? "" : "(?!\\.)";
  return new RegExp(`^${dotRule}${source}$`, "s");
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The paths an encoded glob names: matches on disk (relative to `cwd` for a relative
 * pattern) plus the `known` absolute paths it matches. Empty when nothing matches.
 */
export function expandGlob(pattern: string, cwd: string, known: readonly string[]): string[] {
  const absolute = isAbsolute(unescape(pattern));
  const segments = pattern.split("/").filter((s, i) => s !== "" || i === 0);
  // No real path is this deep; matching it would only cost time (and build a huge regex).
  if (segments.length > MAX_SEGMENTS) return [];
  let current: string[] = [absolute ? "/" : ""];
  for (const segment of absolute ? segments.slice(1) : segments) {
    if (segment === "") continue;
    const next: string[] = [];
    for (const base of current) {
      if (!hasGlob(segment)) next.push(join(base, unescape(segment)));
      else for (const name of listDir(absolute ? base : join(cwd, base))) if (segmentRegex(segment).test(name)) next.push(join(base, name));
      if (next.length >= MAX_WORDS) break;
    }
    current = next;
  }
  const onDisk = current.filter((path) => path !== "" && path !== "/");
  if (!absolute) return onDisk;
  const whole = segments.slice(1).filter((s) => s !== "").map((s) => segmentRegex(s).source.slice(1, -1));
  const full = new RegExp(`^/${whole.join("/")}$`, "s");
  return [...new Set([...onDisk, ...known.filter((path) => full.test(path))])];
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir === "" ? "." : dir);
  } catch {
    return [];
  }
}

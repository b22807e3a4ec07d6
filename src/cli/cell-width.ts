/**
 * How many terminal cells text takes, per grapheme cluster (Intl.Segmenter): East Asian Wide and
 * Fullwidth characters and emoji shown as emoji take 2; combining marks, ZWJ sequences' joined
 * parts and variation selectors add nothing; controls take 0. A small table rather than a
 * dependency: string-width is in node_modules only through marked-terminal.
 */

// East Asian Width W and F (Unicode 15), as [first, last] code points; sorted for the binary search.
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3],
  [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1],
  [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea],
  [0x26f2, 0x26f3], [0x26f5, 0x26f5], [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b],
  [0x2728, 0x2728], [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797],
  [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x2e80, 0x303e],
  [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3],
  [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff], [0x1b000, 0x1b2ff], [0x1f004, 0x1f004], [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a], [0x1f200, 0x1f202], [0x1f210, 0x1f23b], [0x1f240, 0x1f248], [0x1f250, 0x1f251],
  [0x1f260, 0x1f265], [0x1f300, 0x1f64f], [0x1f680, 0x1f6ff], [0x1f7e0, 0x1f7eb], [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}\u200b-\u200f]+$/u;
// A text-default emoji (☺, ❤, 1) made an emoji by U+FE0F, or a keycap / flag / skin-toned sequence.
const EMOJI_SEQUENCE = /\ufe0f|\u20e3|\p{Regional_Indicator}{2}|[\u{1f3fb}-\u{1f3ff}]/u;

function isWide(codePoint: number): boolean {
  let low = 0;
  let high = WIDE.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [first, last] = WIDE[mid]!;
    if (codePoint < first) high = mid - 1;
    else if (codePoint > last) low = mid + 1;
    else return true;
  }
  return false;
}

/** Cells one grapheme cluster takes: 0, 1 or 2. */
export function clusterWidth(cluster: string): number {
  const first = cluster.codePointAt(0);
  if (first === undefined || ZERO_WIDTH.test(cluster)) return 0;
  if (isWide(first) || (cluster.length > 1 && EMOJI_SEQUENCE.test(cluster))) return 2;
  return 1;
}

const ASCII = /^[\x20-\x7e]*$/;
// What joins code points into one cluster; text without any is one cluster per code point.
const JOINS = /[\p{M}\u200d\ufe0f\u20e3\u1160-\u11ff\p{Regional_Indicator}\u{1f3fb}-\u{1f3ff}]/u;

/** The grapheme clusters of `text`; segmenting is slow, so only text that needs it is segmented. */
function clusters(text: string): Iterable<string> {
  if (!JOINS.test(text)) return text;
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Cells `text` takes on a terminal (no ANSI escapes expected: strip them first). */
export function cellWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  let width = 0;
  for (const cluster of clusters(text)) width += clusterWidth(cluster);
  return width;
}

/** `text` cut to at most `max` cells, ending in `ellipsis` (counted) when cut; never splits a cluster. */
export function truncateCells(text: string, max: number, ellipsis = "…"): string {
  if (cellWidth(text) <= max) return text;
  const budget = max - cellWidth(ellipsis);
  if (budget < 0) return "";
  if (ASCII.test(text)) return `${text.slice(0, budget)}${ellipsis}`;
  let width = 0;
  let out = "";
  for (const segment of clusters(text)) {
    const w = clusterWidth(segment);
    if (width + w > budget) break;
    width += w;
    out += segment;
  }
  return `${out}${ellipsis}`;
}

/** "Did you mean" suggestions for names typed by a model or a user. */

/** Up to `limit` candidates closest to `name`, best first; only reasonably close ones. */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = name.toLowerCase();
  const scored: Array<[number, string]> = [];
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const distance = c.includes(target) || target.includes(c) ? 1 : editDistance(target, c);
    if (distance <= Math.max(2, Math.floor(Math.max(target.length, c.length) / 3))) scored.push([distance, candidate]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, limit).map(([, n]) => n);
}

/** Levenshtein distance with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1] as number[])[j]! + 1, (d[i] as number[])[j - 1]! + 1, (d[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2] as number[])[j - 2]! + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length]!;
}

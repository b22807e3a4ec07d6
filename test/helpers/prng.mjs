// Plain JavaScript so that bench/*.mjs can import it without a TypeScript loader; types in prng.d.mts.

/** A deterministic PRNG (mulberry32): the same seed gives the same numbers in [0, 1), for generated test and bench corpora. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic PRNG (mulberry32): the same seed gives the same numbers in [0, 1). */
export declare function prng(seed: number): () => number;

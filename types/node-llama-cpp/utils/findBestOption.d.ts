export declare function findBestOption<const O>({ generator, score }: {
    generator: () => Generator<O>;
    score: (option: O) => number | null;
}): O | null;
/**
 * This algorithm assumes that the first non-null score is the best one and from there
 * it then starts iterating by 1 index forward to find the actual best option.
 *
 * It prefills the next `prefill` options to jump ahead an score fewer options to find the best one faster and more efficiently.
 */
export declare function findFirstNonNullBestOptionAsync<const O>({ generator, score, prefill, initialSkip, predictiveScoring }: {
    generator: () => Generator<O>;
    score: (option: O) => Promise<number | null>;
    prefill: number;
    initialSkip?: number;
    predictiveScoring?: 0 | 1 | 2 | 3;
}): Promise<O | null>;

import { LlamaContext } from "../../evaluator/LlamaContext/LlamaContext.js";
export declare function printCommonInfoLines({ context, draftContext, minTitleLength, useMmap, useDirectIo, lazyMode, logBatchSize, tokenMeterEnabled, printBos, printEos, resolvedMaxRam, resolvedMaxVram, swaFullCache }: {
    context: LlamaContext;
    draftContext?: LlamaContext;
    minTitleLength?: number;
    useMmap?: "auto" | boolean;
    useDirectIo?: boolean;
    lazyMode?: "auto" | boolean;
    logBatchSize?: boolean;
    tokenMeterEnabled?: boolean;
    printBos?: boolean;
    printEos?: boolean;
    resolvedMaxRam?: number;
    resolvedMaxVram?: number;
    swaFullCache?: boolean;
}): Promise<number>;

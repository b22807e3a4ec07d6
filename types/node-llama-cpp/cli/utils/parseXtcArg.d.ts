export declare function parseXtcArg(xtcString?: string): ParsedXtcArg | undefined;
export type ParsedXtcArg = {
    probability: number;
    threshold: number;
};

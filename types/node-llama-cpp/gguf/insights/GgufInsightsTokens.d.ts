export declare class GgufInsightsTokens {
    private constructor();
    get sepToken(): number | null;
    get eosToken(): number | null;
}

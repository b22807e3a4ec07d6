export declare function getRamUsageFromUnifiedVram(vramUsage: number, vramState: {
    total: number;
    free: number;
    unifiedSize: number;
}): number;

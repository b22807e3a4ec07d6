import { EventRelay } from "lifecycle-utils";
import { Promisable } from "../../utils/transformPromisable.js";
export declare class MemoryOrchestrator {
    readonly onMemoryReservationRelease: EventRelay<void>;
    readonly onMemoryMarkingRelease: EventRelay<void>;
    constructor(getMemoryState: () => Promisable<{
        free: number;
        total: number;
        unifiedSize: number;
    }>);
    reserveMemory(bytes: number): MemoryReservation;
    markAllocation(bytes: number): MemoryMarking;
    set padding(bytes: number);
    get padding(): number;
    set memoryCap(maxBytes: number | null);
    get memoryCap(): number | null;
    get markedMemory(): number;
    getMemoryState(): Promise<{
        free: number;
        total: number;
        unifiedSize: number;
    }>;
}
export declare class MemoryReservation {
    private constructor();
    get size(): number;
    get disposed(): boolean;
    [Symbol.dispose](): void;
    dispose(): void;
    static _create(bytes: number, dispose: () => void): MemoryReservation;
}
export declare class MemoryMarking {
    private constructor();
    get size(): number;
    get disposed(): boolean;
    [Symbol.dispose](): void;
    dispose(): void;
    static _create(bytes: number, orchestrator: MemoryOrchestrator): MemoryMarking;
}

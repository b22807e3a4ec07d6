export declare class ProgressTracker {
    constructor(onProgress: (completed: number, estimated: number) => void);
    createTask(estimated?: number): ProgressTrackerTask;
    get status(): {
        completed: number;
        estimated: number;
    };
}
export declare class ProgressTrackerTask {
    readonly tracker: ProgressTracker;
    private constructor();
    update(completed: number, estimated?: number): void;
    get status(): {
        completed: number;
        estimated: number;
    };
}

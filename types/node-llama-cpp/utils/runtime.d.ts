export declare const runningInElectron: boolean;
export declare const runningInsideAsar: boolean;
export declare const runningInBun: boolean;
export declare const runningInNode: boolean;

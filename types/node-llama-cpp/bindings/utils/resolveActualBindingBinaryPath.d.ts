export declare function resolveActualBindingBinaryPath(binaryPath: string): Promise<string>;

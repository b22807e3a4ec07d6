export declare function getReadablePath(fsPath: string): string;

export declare function getIsInDocumentationMode(): boolean;
export declare function setIsInDocumentationMode(value: boolean): void;
export declare function getIsRunningFromCLI(): boolean;
export declare function setIsRunningFromCLI(value: boolean): void;
export declare function getForceShowConsoleLogPrefix(): boolean;
export declare function setForceShowConsoleLogPrefix(value: boolean): void;

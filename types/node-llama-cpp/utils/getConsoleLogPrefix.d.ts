export declare function getConsoleLogPrefix(forcePrefix?: boolean, padEnd?: boolean): string;

export declare function removeNullFields<const T extends object>(obj: T): T;
export declare function removeUndefinedFields<const T extends object>(obj: T): T;

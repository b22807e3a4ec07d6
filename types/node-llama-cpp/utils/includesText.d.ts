export declare function includesText(value: string | string[] | null | undefined, textToCheckFor: string | string[], strictCase?: boolean): boolean;

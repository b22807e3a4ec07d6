export declare function withCliCommandDescriptionDocsUrl(description: string, docsUrl: string): string;
export declare function withoutCliCommandDescriptionDocsUrl(description: string | boolean): string | boolean;

/**
 * vitest globalSetup: where the tool-retrieval sets kept outside the repository live (fetched data is
 * not committed; see bench/tool-retrieval/README.md). test/setup/isolated-env.ts strips QUIVER_* from
 * the test files' environment, so the developer's QUIVER_RETRIEVAL_DATA is read here, in the main
 * process, and handed to test/tool-search/retrieval-quality.test.ts through `inject("retrievalData")`.
 */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    retrievalData: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide("retrievalData", process.env.QUIVER_RETRIEVAL_DATA ?? "/work/shared/data/tool-retrieval");
}

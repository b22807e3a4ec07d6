import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A fresh HOME and QUIVER_HOME per test file, without the developer's OPENAI_* / QUIVER_* settings;
    // and, since workers end without "exit", removal of the sandbox's private /tmp they made (src/sandbox/wrap.ts).
    // node-llama-cpp for the local-model tests when npm ci did not put it beside quiver (installed once, cached);
    // the folder of the tool-retrieval sets kept outside the repository ($QUIVER_RETRIEVAL_DATA, read before it is stripped).
    globalSetup: ["test/setup/llama-runtime.ts", "test/setup/retrieval-data.ts"],
    setupFiles: ["test/setup/isolated-env.ts", "test/helpers/sandbox-cleanup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child processes (terminal, MCP servers, the CLI) are real; two cores, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
  },
});

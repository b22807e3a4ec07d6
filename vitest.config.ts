import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A fresh HOME and QUIVER_HOME per test file, without the developer's OPENAI_* / QUIVER_* settings.
    setupFiles: ["test/setup/isolated-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child processes (terminal, MCP servers, the CLI) are real; two cores, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
    // Workers end without "exit": remove the sandbox's private /tmp they made (src/sandbox/wrap.ts).
    setupFiles: ["test/helpers/sandbox-cleanup.ts"],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A fresh $QUIVER_HOME per test file, never the developer's (MCP pins and caches land there).
    setupFiles: ["test/helpers/quiver-home-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Child processes (terminal, MCP servers, the CLI) are real; two cores, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
  },
});

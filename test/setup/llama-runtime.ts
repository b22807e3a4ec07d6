/**
 * vitest globalSetup: the local-model tests need node-llama-cpp, which `npm ci` no longer installs.
 * When it is not installed beside quiver, it is installed once with quiver's own installer
 * (`quiver models runtime`'s) into a cache outside the clone, reused by later runs; the test
 * files find it through QUIVER_LLAMA_RUNTIME (test/setup/isolated-env.ts sets it from `inject`).
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { installLlamaRuntime } from "../../src/llm/local/runtime-install.js";
import { LLAMA_CPP_VERSION, besideQuiver } from "../../src/llm/local/runtime.js";

declare module "vitest" {
  export interface ProvidedContext {
    llamaRuntime: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const cacheDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "quiver-ci", `llama-runtime-${LLAMA_CPP_VERSION}`);
  // Beside quiver (a developer's node_modules): nothing to do; the empty path tells the tests so.
  if (besideQuiver()) return project.provide("llamaRuntime", "");
  const { alreadyInstalled } = await installLlamaRuntime({ dir: cacheDir });
  if (!alreadyInstalled) process.stderr.write(`installed node-llama-cpp ${LLAMA_CPP_VERSION} for the local-model tests in ${cacheDir}\n`);
  project.provide("llamaRuntime", cacheDir);
}

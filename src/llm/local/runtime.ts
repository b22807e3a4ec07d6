/**
 * node-llama-cpp, loaded on first use with `await import()`: ESM-only with top-level await, and
 * quiver must start, list tools and talk to remote models without it. It is not a dependency
 * (its GPU builds weigh ~700 MB): `quiver models runtime` installs it with only this platform's
 * build into the runtime directory; one installed next to quiver is used first.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type * as NodeLlamaCpp from "node-llama-cpp";
import { ModelError } from "../errors.js";

export type LlamaCpp = typeof NodeLlamaCpp;

export const LLAMA_CPP_VERSION = "3.21.1";

let loading: Promise<LlamaCpp> | undefined;

export const MISSING_RUNTIME_HELP =
  "The local model runtime (node-llama-cpp) is not installed. Install it with `quiver models runtime` " +
  "(only this platform's build, into $QUIVER_HOME/runtime), or `npm install node-llama-cpp@3.21.1` next to quiver; " +
  "or use a remote model: quiver chat --provider <name>.";

/** Where `quiver models runtime` installs: `$QUIVER_LLAMA_RUNTIME`, else `$QUIVER_HOME/runtime`. */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.QUIVER_LLAMA_RUNTIME;
  if (fromEnv !== undefined && fromEnv !== "") return resolve(fromEnv);
  const home = env.QUIVER_HOME !== undefined && env.QUIVER_HOME !== "" ? resolve(env.QUIVER_HOME) : join(homedir(), ".quiver");
  return join(home, "runtime");
}

/** The entry file of node-llama-cpp in the runtime directory, if it is installed there. */
export function installedEntry(dir = runtimeDir()): string | undefined {
  const manifest = join(dir, "package.json");
  if (!existsSync(join(dir, "node_modules", "node-llama-cpp", "package.json"))) return undefined;
  try {
    return createRequire(manifest).resolve("node-llama-cpp");
  } catch {
    return undefined;
  }
}

/** Whether node-llama-cpp is installed where quiver's own imports find it (a developer's node_modules, a user's own install). */
export function besideQuiver(): boolean {
  try {
    // Its exports' "default" condition makes require's resolution the same as import's.
    createRequire(import.meta.url).resolve("node-llama-cpp");
    return true;
  } catch {
    return false;
  }
}

export function loadLlamaCpp(): Promise<LlamaCpp> {
  return (loading ??= (async (): Promise<LlamaCpp> => {
    if (besideQuiver()) return (await import("node-llama-cpp")) as LlamaCpp;
    const entry = installedEntry();
    if (entry === undefined) throw new ModelError(MISSING_RUNTIME_HELP, { kind: "not_found", retryable: false });
    return (await import(pathToFileURL(entry).href)) as LlamaCpp;
  })().catch((err: unknown) => {
    loading = undefined;
    const code = (err as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND") throw new ModelError(MISSING_RUNTIME_HELP, { kind: "not_found", retryable: false, cause: err });
    throw err;
  }));
}

/** Whether node-llama-cpp can be found, without loading it (it takes hundreds of ms). */
export function isLlamaCppInstalled(dir = runtimeDir()): boolean {
  return besideQuiver() || installedEntry(dir) !== undefined;
}

/**
 * node-llama-cpp, loaded on first use with `await import()`: it is an optional dependency (its
 * GPU builds weigh hundreds of MB), ESM-only with top-level await, and quiver must start, list
 * tools and talk to remote models without it.
 */
import type * as NodeLlamaCpp from "node-llama-cpp";
import { ModelError } from "../errors.js";

export type LlamaCpp = typeof NodeLlamaCpp;

let loading: Promise<LlamaCpp> | undefined;

export const MISSING_RUNTIME_HELP =
  "The local model runtime (node-llama-cpp) is not installed: it is an optional dependency of quiver. " +
  "Install it with `npm install node-llama-cpp@3.21.1` next to quiver (or reinstall quiver without --omit=optional), " +
  "or use a remote model: quiver chat --provider <name>.";

export function loadLlamaCpp(): Promise<LlamaCpp> {
  return (loading ??= import("node-llama-cpp").catch((err: unknown) => {
    loading = undefined;
    const code = (err as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND") throw new ModelError(MISSING_RUNTIME_HELP, { kind: "not_found", retryable: false, cause: err });
    throw err;
  }));
}

/** Whether node-llama-cpp can be found, without loading it (it takes hundreds of ms). */
export function isLlamaCppInstalled(): boolean {
  try {
    import.meta.resolve("node-llama-cpp");
    return true;
  } catch {
    return false;
  }
}

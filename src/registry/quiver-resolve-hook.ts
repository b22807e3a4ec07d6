/**
 * Module resolve hook for user tools (registered with `module.register` by user-tools.ts; runs
 * on Node's loader thread):
 * - the bare specifier "quiver" resolves to the running process's own quiver entry, so a tool
 *   outside any package (`$QUIVER_HOME/tools/x.ts` doing `import { registry } from "quiver"`)
 *   gets the same module, and registry, as the process that loads it;
 * - `.ts` files under a user tool directory are ES modules: such a directory has no
 *   package.json saying `"type": "module"`, and tsx would otherwise compile them as CommonJS.
 */
import type { InitializeHook, ResolveHook } from "node:module";

export interface QuiverResolveHookData {
  /** file: URL of the running quiver's `dist/index.js`. */
  quiverUrl: string;
  /** file: URLs of tool directories (ending in "/") whose `.ts` files are ES modules. */
  moduleRoots: string[];
}

// One instance may be registered several times (a new directory, tsx installed later): merge.
let quiverUrl: string | undefined;
const moduleRoots = new Set<string>();

export const initialize: InitializeHook<QuiverResolveHookData> = (data) => {
  quiverUrl = data.quiverUrl;
  for (const root of data.moduleRoots) moduleRoots.add(root);
};

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  if (specifier === "quiver" && quiverUrl !== undefined) return { url: quiverUrl, format: "module", shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith("file:") || !/\.ts(?:$|[?#])/.test(resolved.url)) return resolved;
  for (const root of moduleRoots) if (resolved.url.startsWith(root)) return { ...resolved, format: "module" };
  return resolved;
};

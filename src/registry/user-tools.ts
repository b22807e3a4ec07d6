/**
 * Loading the user's own tools: `$QUIVER_HOME/tools/` always, `./.quiver/tools/` of a project
 * only when the user opts in (a cloned repository must not run code silently).
 *
 * User tools may be TypeScript; a TS-capable loader (tsx) is installed the first time a .ts /
 * .mts tool is imported, and never otherwise. `import { registry } from "quiver"` in a user tool
 * resolves, through a resolve hook, to the running quiver itself, whatever is (or is not)
 * installed next to the tool. (The registry also lives on globalThis, so even another copy of
 * quiver would register into the same registry.)
 */
import { existsSync, realpathSync } from "node:fs";
import { register as registerModuleHooks } from "node:module";
import { join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { discoverTools, type DiscoverOptions } from "./discovery/discovery.js";
import { createLogger } from "./logger.js";
import { quiverPath } from "./paths.js";
import type { QuiverResolveHookData } from "./quiver-resolve-hook.js";

const log = createLogger("discovery");

export interface UserToolsOptions extends DiscoverOptions {
  /** What `import ... from "quiver"` in a user tool resolves to; default: this package's `dist/index.js`. */
  quiverEntry?: string | URL;
}

export interface ProjectToolsOptions extends UserToolsOptions {
  /** Project tools run only when this is `true`. */
  optIn?: boolean;
}

/** The entry of the running quiver: dist/registry/user-tools.js → dist/index.js. */
function defaultQuiverEntry(): URL {
  return new URL("../index.js", import.meta.url);
}

/** Discovers and imports the tools in `dir` (default `$QUIVER_HOME/tools`); returns the modules imported. */
export async function loadUserTools(dir: string = quiverPath("tools"), opts: UserToolsOptions = {}): Promise<string[]> {
  const importer = userModuleImporter(dir, opts);
  return discoverTools(dir, { ...opts, importModule: opts.importModule ?? ((path) => importer(path)) });
}

/**
 * Imports a module of the user tool directory `dir` (TypeScript allowed, "quiver" resolving to
 * the running quiver). A `version` makes a fresh module URL, so an edited file runs again.
 */
export function userModuleImporter(dir: string, opts: UserToolsOptions = {}): (path: string, version?: number) => Promise<unknown> {
  const quiverUrl = toUrl(opts.quiverEntry ?? defaultQuiverEntry());
  const rootUrls = directoryUrls(dir);
  return (path, version) => importUserModule(path, quiverUrl, rootUrls, version);
}

/** Loads `<cwd>/.quiver/tools` like user tools, but only with `opts.optIn === true`. */
export async function loadProjectTools(cwd: string = process.cwd(), opts: ProjectToolsOptions = {}): Promise<string[]> {
  const dir = join(cwd, ".quiver", "tools");
  if (opts.optIn !== true) {
    if (existsSync(dir)) log.info(`project tools in ${dir} were not loaded: they run only when you opt in`, { dir });
    return [];
  }
  return loadUserTools(dir, opts);
}

/** The directory as file: URLs ending in "/", its real path too (Node resolves modules to real paths). */
function directoryUrls(dir: string): string[] {
  const urls = [pathToFileURL(resolve(dir) + sep).href];
  try {
    urls.push(pathToFileURL(realpathSync(dir) + sep).href);
  } catch {
    // a missing directory: discovery finds nothing to import anyway
  }
  return urls;
}

function toUrl(entry: string | URL): string {
  if (entry instanceof URL) return entry.href;
  return /^[a-z][a-z0-9+.-]*:/i.test(entry) && !/^[a-z]:[\\/]/i.test(entry) ? entry : pathToFileURL(entry).href;
}

async function importUserModule(path: string, quiverUrl: string, rootUrls: string[], version?: number): Promise<unknown> {
  if (/\.m?ts$/.test(path)) await installTypeScriptLoader();
  installResolveHook(quiverUrl, rootUrls);
  const url = pathToFileURL(path).href;
  return import(version === undefined ? url : `${url}?quiver-reload=${version}`);
}

let typeScriptLoader: Promise<void> | undefined;
let typeScriptLoaderInstalled = false;

/** Registers tsx's ESM loader once per process (loaded lazily: it pulls in esbuild). */
function installTypeScriptLoader(): Promise<void> {
  typeScriptLoader ??= import("tsx/esm/api").then(({ register }) => {
    // tsconfig: false: a user tool must not pick up whatever tsconfig.json the cwd has.
    register({ tsconfig: false });
    typeScriptLoaderInstalled = true;
    log.debug("installed the TypeScript loader (tsx) for user tools");
  });
  return typeScriptLoader;
}

const hookInstalls = new Set<string>();
const moduleRoots = new Set<string>();

/**
 * Registers quiver-resolve-hook for this quiver entry and tool directory. Hooks registered later
 * run first, so it is registered again once tsx is in: it must answer "quiver" (and make the
 * directory's .ts files ES modules) before tsx resolves them its own way.
 */
function installResolveHook(quiverUrl: string, rootUrls: string[]): void {
  for (const url of rootUrls) moduleRoots.add(url);
  const key = `${typeScriptLoaderInstalled ? "after tsx" : "before tsx"} ${quiverUrl} ${[...moduleRoots].join(" ")}`;
  if (hookInstalls.has(key)) return;
  const data: QuiverResolveHookData = { quiverUrl, moduleRoots: [...moduleRoots] };
  registerModuleHooks(new URL("./quiver-resolve-hook.js", import.meta.url), { data });
  hookInstalls.add(key);
  log.debug(`user tools in ${rootUrls[0] ?? ""} importing "quiver" get ${quiverUrl}`);
}

/**
 * Package managers' caches for sandboxed commands. The home is read-only inside the sandbox,
 * so `npm install` or `pip install` would fail writing ~/.npm or ~/.cache/pip. Making the
 * user's own caches writable would let a command poison them (a build cache entry runs later,
 * outside the sandbox), so sandboxed commands get caches of their own instead: one persistent
 * directory, used only inside the sandbox, with each tool pointed into it by its variable.
 */
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** Variable → subdirectory of the sandbox's cache. Documented in docs/safety.md. */
const CACHE_VARIABLES: Readonly<Record<string, string>> = {
  npm_config_cache: "npm",
  YARN_CACHE_FOLDER: "yarn",
  BUN_INSTALL_CACHE_DIR: "bun",
  PIP_CACHE_DIR: "pip",
  UV_CACHE_DIR: "uv",
  POETRY_CACHE_DIR: "poetry",
  GOCACHE: "go-build",
  GOMODCACHE: "go-mod",
  XDG_CACHE_HOME: "xdg",
};

/** `$XDG_CACHE_HOME/quiver/sandbox` (default `~/.cache/quiver/sandbox`): outside the project and $QUIVER_HOME. */
export function sandboxCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), ".cache"), "quiver", "sandbox");
}

let made: string | undefined;

/** The cache directory, created on first use (quiver's own directory, on the host). */
export function ensureSandboxCacheDir(): string {
  const dir = sandboxCacheDir();
  if (made !== dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    made = dir;
  }
  return dir;
}

/** The variables that point each package manager into `dir`. */
export function cacheEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, sub] of Object.entries(CACHE_VARIABLES)) env[name] = join(dir, sub);
  return env;
}

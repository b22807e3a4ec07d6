/**
 * Paths that hold credentials: the sandbox shows them empty or missing, and read_file,
 * search_files and the guard ask before touching them. One list, so that what the sandbox
 * hides and what the tools ask about never drift apart.
 */
import { lstatSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";

/** Under the home directory (relative). Documented in docs/safety.md. */
export const UNREADABLE_IN_HOME: readonly string[] = [
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".config/gcloud",
  ".kube",
  ".docker/config.json",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".config/gh",
  ".config/hub",
  ".password-store",
  ".local/share/keyrings",
  ".local/share/gnome-keyring",
  ".config/op",
  ".vault-token",
  ".pgpass",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gem/credentials",
  ".config/containers/auth.json",
  ".terraform.d/credentials.tfrc.json",
  "Library/Keychains",
];

/** Inside $QUIVER_HOME, what quiver itself hands the model to read (spilled-over results, the user's skills). */
export const QUIVER_HOME_READABLE: readonly string[] = ["cache/spillover", "skills"];

export interface UnreadableEnv {
  home: string;
  /** $QUIVER_HOME (default <home>/.quiver). */
  quiverHome: string;
}

let extra: readonly string[] = [];

/** `sandbox.denyRead` from config.yaml: more paths (absolute, or `~/…`) treated exactly like the built-in list. */
export function setDenyRead(paths: readonly string[]): void {
  extra = [...paths];
}

export function unreadableEnv(): UnreadableEnv {
  const home = resolve(homedir());
  const fromEnv = process.env.QUIVER_HOME;
  return { home, quiverHome: fromEnv !== undefined && fromEnv !== "" ? resolve(fromEnv) : join(home, ".quiver") };
}

/** Every unreadable path, absolute, whether it exists or not: $QUIVER_HOME, the home's list, then `sandbox.denyRead`. */
export function unreadablePaths(env: UnreadableEnv = unreadableEnv()): string[] {
  const expand = (p: string): string => (p === "~" ? env.home : p.startsWith("~/") ? join(env.home, p.slice(2)) : resolve(p));
  return [env.quiverHome, ...UNREADABLE_IN_HOME.map((p) => join(env.home, p)), ...extra.map(expand)];
}

/**
 * The unreadable path that `path` (absolute) falls under, checked as written and with its
 * symlinks resolved, or undefined. `$QUIVER_HOME/cache/spillover` stays readable: the model is
 * pointed there to read results too large to send whole.
 */
export function unreadableRoot(path: string, env: UnreadableEnv = unreadableEnv()): string | undefined {
  const roots = unreadablePaths(env);
  const known = new Map<string, string>();
  const realRoots = roots.map((root) => realOrSelf(root, known));
  for (const candidate of new Set([resolve(path), realOrSelf(resolve(path), known)])) {
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i]!;
      const hit = within(candidate, root) ? root : within(candidate, realRoots[i]!) ? root : undefined;
      if (hit === undefined) continue;
      if (hit === env.quiverHome && QUIVER_HOME_READABLE.some((p) => within(candidate, join(env.quiverHome, p)) || within(candidate, join(realRoots[i]!, p)))) continue;
      return hit;
    }
  }
  return undefined;
}

function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * The path with symlinks resolved; for a path that does not exist, its nearest existing parent is
 * resolved. `known` memoises the directories resolved during one check: most roots share the home
 * directory as their nearest existing parent, and a failed realpath throws (~10 µs each).
 */
function realOrSelf(path: string, known: Map<string, string> = new Map()): string {
  const tail: string[] = [];
  for (let current = path; ; ) {
    const real = known.get(current) ?? resolvedIfPresent(current);
    if (real !== undefined) {
      known.set(current, real);
      return tail.length === 0 ? real : join(real, ...tail.reverse());
    }
    const parent = resolve(current, "..");
    if (parent === current) return path;
    tail.push(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    current = parent;
  }
}

/** realpath of an entry that lstat sees (dangling links included, as realpath fails on them), else undefined. */
function resolvedIfPresent(path: string): string | undefined {
  if (lstatSync(path, NO_THROW) === undefined) return undefined;
  try {
    return realpathSync.native(path);
  } catch {
    return undefined; // a dangling or looping link: resolved through its parent, as before
  }
}

const NO_THROW = { throwIfNoEntry: false } as const;

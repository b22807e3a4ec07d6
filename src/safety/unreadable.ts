/**
 * Paths that hold credentials: the sandbox shows them empty or missing, and read_file,
 * search_files and the guard ask before touching them. One list, so that what the sandbox
 * hides and what the tools ask about never drift apart.
 */
import { lstatSync, readdirSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";

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
 * The protected roots, as written and with their symlinks resolved, taken once: a tool that checks
 * a path before opening it and the opened file after reuses one snapshot instead of resolving
 * every root twice.
 */
export interface ProtectedRoots {
  readonly env: UnreadableEnv;
  readonly roots: readonly string[];
  readonly realRoots: readonly string[];
  /** An absolute, normalised path with its links resolved, sharing this snapshot's lookups. */
  readonly real: (path: string) => string;
}

export function protectedRoots(env: UnreadableEnv = unreadableEnv()): ProtectedRoots {
  const roots = unreadablePaths(env);
  const real = realPaths(absentFromHome(env.home));
  return { env, roots, realRoots: roots.map(real), real };
}

/**
 * The unreadable path that `path` (absolute) falls under, checked as written and with its
 * symlinks resolved, or undefined. `$QUIVER_HOME/cache/spillover` stays readable: the model is
 * pointed there to read results too large to send whole. Pass a `protectedRoots()` snapshot to
 * check several paths of one call against the same resolution; `canonical`: the path is one the
 * kernel reported (/proc/self/fd), links already resolved.
 */
export function unreadableRoot(path: string, from: UnreadableEnv | ProtectedRoots = unreadableEnv(), options: { canonical?: boolean } = {}): string | undefined {
  const snapshot = "realRoots" in from ? from : protectedRoots(from);
  const written = resolve(path);
  const candidates = options.canonical === true ? [written] : [...new Set([written, snapshot.real(written)])];
  for (const candidate of candidates) {
    const hit = rootHolding(candidate, snapshot);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

function rootHolding(candidate: string, { env, roots, realRoots }: ProtectedRoots): string | undefined {
  for (let i = 0; i < roots.length; i++) {
    const root = roots[i]!;
    if (!within(candidate, root) && !within(candidate, realRoots[i]!)) continue;
    if (root === env.quiverHome && QUIVER_HOME_READABLE.some((p) => within(candidate, join(env.quiverHome, p)) || within(candidate, join(realRoots[i]!, p)))) continue;
    return root;
  }
  return undefined;
}

/**
 * A test for "this path under the home directory does not exist", from one listing of the home:
 * most protected roots (or their first folder, `.docker`, `.local`) are absent from a given home,
 * and one readdir replaces an lstat for each. What the listing cannot rule out is looked up.
 */
function absentFromHome(home: string): (path: string) => boolean {
  let names: Set<string>;
  try {
    names = new Set(readdirSync(home));
  } catch {
    return () => false;
  }
  const prefix = home.endsWith(sep) ? home : home + sep;
  return (path) => {
    if (!path.startsWith(prefix)) return false;
    const end = path.indexOf(sep, prefix.length);
    return !names.has(path.slice(prefix.length, end === -1 ? undefined : end)); // under an absent entry: absent too
  };
}

function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

interface Resolved {
  real: string;
  exists: boolean;
}

/**
 * A resolver of absolute, normalised paths to their real paths, walking down from `/` with every
 * step memoised: an entry lstat shows is not a link resolves to its parent's real path plus its
 * name, so only links cost a realpath, and the roots' shared folders (the home) are looked up
 * once. A missing entry (or one under a missing folder, or one `absent` rules out) keeps its name
 * under its parent's real path, so a path that does not exist resolves through its nearest
 * existing parent.
 */
function realPaths(absent: (path: string) => boolean): (path: string) => string {
  const known = new Map<string, Resolved>();
  const step = (path: string): Resolved => {
    const memo = known.get(path);
    if (memo !== undefined) return memo;
    const parentPath = dirname(path);
    if (parentPath === path) return { real: path, exists: true };
    const parent = step(parentPath);
    const beside = { real: parent.real + (parent.real.endsWith(sep) ? "" : sep) + basename(path), exists: false };
    const stats = !parent.exists || absent(path) ? undefined : lstatSync(path, NO_THROW);
    const link = stats?.isSymbolicLink() === true ? linkTarget(path) : undefined;
    const resolved = stats === undefined ? beside : link !== undefined ? { real: link, exists: true } : { real: beside.real, exists: !stats.isSymbolicLink() };
    known.set(path, resolved);
    return resolved;
  };
  return (path) => step(path).real;
}

/** realpath of a link, or undefined when it dangles or loops (it then resolves through its parent, as a missing entry). */
function linkTarget(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

const NO_THROW = { throwIfNoEntry: false } as const;

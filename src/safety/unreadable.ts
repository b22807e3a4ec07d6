/**
 * Paths that hold credentials: the sandbox shows them empty or missing, and read_file,
 * search_files and the guard ask before touching them. One list, so that what the sandbox
 * hides and what the tools ask about never drift apart.
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";
import { stampDirs, stampsHold, type DirStamp } from "./dir-stamps.js";
import { isWithin } from "./paths.js";
import { realPaths, type FileIdentity, type ResolverReads } from "./real-paths.js";

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
  readonly home: string;
  /** $QUIVER_HOME (default <home>/.quiver). */
  readonly quiverHome: string;
}

let extra: readonly string[] = [];

/** `sandbox.denyRead` from config.yaml: more paths (absolute, or `~/…`) treated exactly like the built-in list. */
export function setDenyRead(paths: readonly string[]): void {
  extra = [...paths];
}

/** The last answer of unreadableEnv and what it was made from: every read_file asks. */
let lastEnv: { from: string; env: UnreadableEnv } | undefined;

export function unreadableEnv(): UnreadableEnv {
  const fromEnv = process.env.QUIVER_HOME;
  // homedir() is $HOME (%USERPROFILE% on Windows) when set; relative values resolve against the cwd.
  const from = `${process.env.HOME}\0${process.env.USERPROFILE}\0${fromEnv}\0${process.cwd()}`;
  if (lastEnv?.from === from) return lastEnv.env;
  const home = resolve(homedir());
  const env = { home, quiverHome: fromEnv !== undefined && fromEnv !== "" ? resolve(fromEnv) : join(home, ".quiver") };
  lastEnv = { from, env };
  return env;
}

/** Every unreadable path, absolute, whether it exists or not: $QUIVER_HOME, the home's list, then `sandbox.denyRead`. */
export function unreadablePaths(env: UnreadableEnv = unreadableEnv()): string[] {
  const expand = (p: string): string => (p === "~" ? env.home : p.startsWith("~/") ? join(env.home, p.slice(2)) : resolve(p));
  return [env.quiverHome, ...UNREADABLE_IN_HOME.map((p) => join(env.home, p)), ...extra.map(expand)];
}

/**
 * The protected roots, as written and with their symlinks resolved: a tool that checks a path
 * before opening it and the opened file after judges both against one snapshot.
 */
export interface ProtectedRoots {
  readonly env: UnreadableEnv;
  readonly roots: readonly string[];
  readonly realRoots: readonly string[];
  /** An absolute, normalised path with its links resolved now (never from an earlier snapshot). */
  readonly real: (path: string) => string;
  /** The file `real(path)` found at the end of `path`, unless it was a link or missing. */
  readonly identity: (path: string) => FileIdentity | undefined;
}

/** The last resolution of the roots, kept while the folders it read are provably unchanged. */
interface KeptRoots {
  key: string;
  roots: readonly string[];
  realRoots: readonly string[];
  stamps: readonly DirStamp[];
}

let kept: KeptRoots | undefined;
let resolutions = 0;

/**
 * Resolving the roots took 13 lstats and a readdir of the home, 50-100 µs, on every read_file.
 * The last resolution is reused while each folder it looked into keeps its inode and ctime
 * (dir-stamps.ts): a root turned into a link, or created as one, changes its folder, and the
 * next call resolves again. Roots reached through a link are resolved on every call, since what
 * a link leads to depends on folders the resolution never saw.
 */
export function protectedRoots(env: UnreadableEnv = unreadableEnv()): ProtectedRoots {
  const key = [env.home, env.quiverHome, ...extra].join("\0");
  if (kept?.key === key && stampsHold(kept.stamps)) {
    // The stamped folders are, this moment, the very folders (no links) they were: a path under them starts there.
    const { real, identity } = realPaths({ realFolders: kept.stamps.map((stamp) => stamp.dir) });
    return { env, roots: kept.roots, realRoots: kept.realRoots, real, identity };
  }
  const readFrom = Date.now();
  const roots = unreadablePaths(env);
  const reads: ResolverReads = { dirs: new Set(), links: false };
  const rootResolver = realPaths({ absent: absentFromHome(env.home, reads), reads });
  const realRoots = roots.map(rootResolver.real);
  resolutions++;
  const stamps = reads.links ? undefined : stampDirs(reads.dirs, readFrom);
  kept = stamps === undefined ? undefined : { key, roots, realRoots, stamps };
  return { env, roots, realRoots, real: rootResolver.real, identity: rootResolver.identity };
}

/** How many times the roots were resolved in full (the rest reused a resolution): for tests and benches. */
export function protectedRootsResolutions(): number {
  return resolutions;
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
    if (!isWithin(candidate, root) && !isWithin(candidate, realRoots[i]!)) continue;
    if (root === env.quiverHome && QUIVER_HOME_READABLE.some((p) => isWithin(candidate, join(env.quiverHome, p)) || isWithin(candidate, join(realRoots[i]!, p)))) continue;
    return root;
  }
  return undefined;
}

/**
 * A test for "this path under the home directory does not exist", from one listing of the home:
 * most protected roots (or their first folder, `.docker`, `.local`) are absent from a given home,
 * and one readdir replaces an lstat for each. What the listing cannot rule out is looked up.
 */
function absentFromHome(home: string, reads: ResolverReads): (path: string) => boolean {
  let names: Set<string>;
  try {
    names = new Set(readdirSync(home));
  } catch {
    return () => false;
  }
  reads.dirs.add(home);
  const prefix = home.endsWith(sep) ? home : home + sep;
  return (path) => {
    if (!path.startsWith(prefix)) return false;
    const end = path.indexOf(sep, prefix.length);
    return !names.has(path.slice(prefix.length, end === -1 ? undefined : end)); // under an absent entry: absent too
  };
}

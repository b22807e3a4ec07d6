/**
 * A resolver of absolute, normalised paths to their real paths, walking down from `/` with every
 * step memoised: an entry lstat shows is not a link resolves to its parent's real path plus its
 * name, so only links cost a realpath, and shared folders (the home) are looked up once. A
 * missing entry (or one under a missing folder, or one `absent` rules out) keeps its name under
 * its parent's real path, so a path that does not exist resolves through its nearest existing
 * parent.
 */
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, sep } from "node:path";

/** What a resolver's answers depend on: the folders whose entries it looked up, and whether it met a link. */
export interface ResolverReads {
  readonly dirs: Set<string>;
  links: boolean;
}

/** Which file an entry is. */
export interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
}

export interface PathResolver {
  real(path: string): string;
  /** The identity lstat saw when `path` (already passed to `real`) was resolved: an existing entry that is not a link. */
  identity(path: string): FileIdentity | undefined;
}

export interface ResolverOptions {
  /** Rules a path out without an lstat. */
  absent?: (path: string) => boolean;
  /** Records what the answers depend on. */
  reads?: ResolverReads;
  /** Folders known, this moment, to be their own real paths (no link on their way from `/`): never looked up again. */
  realFolders?: Iterable<string>;
}

interface Resolved {
  real: string;
  exists: boolean;
  id?: FileIdentity;
}

export function realPaths({ absent, reads, realFolders = [] }: ResolverOptions = {}): PathResolver {
  const known = new Map<string, Resolved>();
  for (const dir of realFolders) known.set(dir, { real: dir, exists: true });
  const step = (path: string): Resolved => {
    const memo = known.get(path);
    if (memo !== undefined) return memo;
    const parentPath = dirname(path);
    if (parentPath === path) return { real: path, exists: true };
    const parent = step(parentPath);
    const beside = parent.real + (parent.real.endsWith(sep) ? "" : sep) + basename(path);
    const looked = parent.exists && absent?.(path) !== true;
    if (looked) reads?.dirs.add(parentPath);
    const stats = looked ? lstatSync(path, NO_THROW) : undefined;
    let resolved: Resolved;
    if (stats === undefined) resolved = { real: beside, exists: false };
    else if (!stats.isSymbolicLink()) resolved = { real: beside, exists: true, id: { dev: stats.dev, ino: stats.ino } };
    else {
      if (reads !== undefined) reads.links = true;
      const target = linkTarget(path);
      resolved = target === undefined ? { real: beside, exists: false } : { real: target, exists: true };
    }
    known.set(path, resolved);
    return resolved;
  };
  return { real: (path) => step(path).real, identity: (path) => known.get(path)?.id };
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

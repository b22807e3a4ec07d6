/**
 * Unix sockets are a way out that a read-only bind does not close: connecting needs no write
 * access, so the Docker socket (root on the host), the D-Bus buses, ssh and gpg agents stay
 * usable. The sandbox covers every socket under /run (and /var/run) and the per-user runtime
 * dirs; /tmp's (ssh-agent, X11) are behind the private /tmp already.
 */
import { readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { isDirectory } from "./policy.js";

const SCAN_ROOTS = ["/run", "/var/run"];
const SCAN_DEPTH = 4;
/** Whole directories of per-user sockets (XDG_RUNTIME_DIR: D-Bus session, gpg-agent, Wayland, rootless Docker). */
const RUNTIME_DIRS = ["/run/user", "/var/run/user"];

export interface HostSockets {
  /** Socket files, covered one by one. */
  sockets: string[];
  /** Directories replaced by an empty tmpfs. */
  dirs: string[];
}

let cached: HostSockets | undefined;

/** Scanned once per process: a daemon started later is not covered until quiver restarts. */
export function hostSockets(): HostSockets {
  cached ??= scan();
  return cached;
}

function scan(): HostSockets {
  // /var/run is a symlink to /run on most systems: bwrap needs the real paths, each once.
  const dirs = [...new Set(RUNTIME_DIRS.map(realOr))].filter(isDirectory);
  const sockets = new Set<string>();
  for (const root of new Set(SCAN_ROOTS.map(realOr))) if (isDirectory(root)) walk(root, 0, dirs, sockets);
  return { sockets: [...sockets], dirs };
}

function walk(dir: string, depth: number, skip: readonly string[], out: Set<string>): void {
  if (depth > SCAN_DEPTH || skip.includes(dir)) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isSocket()) out.add(path);
    else if (entry.isDirectory()) walk(path, depth + 1, skip, out);
  }
}

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

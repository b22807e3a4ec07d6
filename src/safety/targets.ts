/**
 * The verdict on one target of a write, delete, truncation or permission change, whatever
 * program makes it: a disk device is refused; a protected path asks (its own key); anything
 * outside the project and the temporary directories asks; a target the command line cannot
 * resolve asks, and is refused where an unknown piece could make it a disk.
 */
import type { Finding } from "./finding.js";
import { OPAQUE } from "./words.js";
import { dirname } from "node:path";
import { absolutePath, insideWorkArea, isBlockDevice, isCriticalPath, protectedPathRule, type SafetyEnv, UNKNOWN_CWD, withoutProcRoot } from "./paths.js";

const OVERWRITE_DISK: Finding = { key: "overwrite-disk", reason: "writing onto a disk device", verdict: "refuse" };
const OUTSIDE: Finding = {
  key: "write-outside-project",
  reason: "writing, deleting or changing files outside the project and the temporary directory",
  verdict: "ask",
};
const UNRESOLVED: Finding = {
  key: "write-unresolved",
  reason: "writing, deleting or changing a file whose path the command line does not tell (it comes from a variable, $(…) or an unknown directory)",
  verdict: "ask",
};

/** Judges one target; `cwd` is the directory the command runs in. */
export function judgePathTarget(path: string, env: SafetyEnv, cwd = env.cwd): Finding[] {
  if (path === "") return [];
  const at = { ...env, cwd };
  const abs = absolutePath(path, at);
  if (abs.includes(OPAQUE)) return mayBeDevice(abs) ? [OVERWRITE_DISK] : [UNRESOLVED];
  if (isBlockDevice(abs)) return [OVERWRITE_DISK];
  if (isDevicePath(abs)) return [];
  const rule = protectedPathRule(abs, env);
  if (rule !== undefined) return [{ ...rule, verdict: "ask" }];
  return insideWorkArea(abs, env) ? [] : [OUTSIDE];
}

function isDevicePath(abs: string): boolean {
  const p = withoutProcRoot(abs);
  return p === "/dev" || p.startsWith("/dev/");
}

/** The text before the first unknown piece, for a path with one. */
function knownPrefix(path: string): string {
  const at = path.indexOf(OPAQUE);
  return at === -1 ? path : path.slice(0, at);
}

/**
 * Whether the path may name a disk device: `/dev/sd$x`, `/proc/self/root/dev/$x`, or a path
 * that is unknown from its first character (`dd of=$x`, where `strict`).
 */
export function mayBeDevice(abs: string, strict = false): boolean {
  if (!abs.includes(OPAQUE)) return isBlockDevice(abs);
  const prefix = knownPrefix(abs);
  if (!prefix.startsWith("/")) return strict;
  const known = withoutProcRoot(prefix);
  // `/dev/sd$x`, and where strict `/de$x` or `/$x`: the unknown piece may complete a disk's name.
  return known.startsWith("/dev/") || (strict && "/dev/".startsWith(known));
}

/**
 * Whether a recursive delete or permission change of `path` may hit `/`, a system directory or
 * a home: as written, with every unknown piece empty (`"$x/"` is `/`), with an unknown piece
 * naming any entry of `/` or of the directory of homes (`/$x`), or unknown from the start.
 * After a `cd` that cannot be followed, `cd ""` is taken to go home.
 */
export function mayBeCritical(path: string, env: SafetyEnv): boolean {
  const rel = env.cwd === UNKNOWN_CWD && !/^[/~]/.test(path);
  const base = rel ? { ...env, cwd: env.home } : env;
  if (!path.includes(OPAQUE)) return isCriticalPath(absolutePath(path, base), base) || (rel && isCriticalPath(absolutePath(path, { ...env, cwd: "/" }), base));
  const prefix = knownPrefix(path);
  if (prefix === "") return true;
  const emptied = path.split(OPAQUE).join("");
  if (isCriticalPath(absolutePath(emptied === "" ? "." : emptied, base), base)) return true;
  if (!prefix.endsWith("/")) return false;
  const dir = absolutePath(prefix, base);
  return dir === "/" || dir === "/home" || dir === "/Users" || dir === dirname(env.home) || dir === "/usr";
}

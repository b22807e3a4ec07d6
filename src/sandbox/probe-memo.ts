/**
 * A successful bwrap probe, remembered across processes in `$QUIVER_HOME/cache/sandbox-probe.json`:
 * probing runs bwrap once more on every start (~10 ms, beside a fresh process's other work). Only
 * a success is kept, and only for the same bwrap binary, user, boot and user-namespace settings;
 * anything else, or a sandbox that then fails to start (`forgetProbe`), means a new probe. A stale
 * memo can only make a command fail to start in the sandbox, never run outside it.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { unreadableEnv } from "../safety/unreadable.js";

interface ProbeMemo {
  fingerprint: string;
  userns: boolean;
}

/** What bwrap's success depends on, besides the binary: the kernel's user-namespace switches. */
const USERNS_SETTINGS = ["/proc/sys/kernel/unprivileged_userns_clone", "/proc/sys/user/max_user_namespaces", "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"];

function memoFile(): string {
  return join(unreadableEnv().quiverHome, "cache", "sandbox-probe.json");
}

function fingerprint(bwrap: string): string | undefined {
  try {
    const binary = statSync(bwrap);
    const settings = USERNS_SETTINGS.map((file) => readOrNone(file));
    return JSON.stringify([bwrap, binary.ino, binary.size, binary.mtimeMs, process.getuid?.() ?? -1, readOrNone("/proc/sys/kernel/random/boot_id"), ...settings]);
  } catch {
    return undefined;
  }
}

function readOrNone(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

/** The remembered success of probing `bwrap` here, if it still holds. */
export function recallProbe(bwrap: string): { userns: boolean } | undefined {
  try {
    const memo = JSON.parse(readFileSync(memoFile(), "utf8")) as Partial<ProbeMemo> | null;
    if (memo === null || typeof memo.userns !== "boolean" || memo.fingerprint !== fingerprint(bwrap)) return undefined;
    return { userns: memo.userns };
  } catch {
    return undefined;
  }
}

/** Keeps a successful probe of `bwrap` (best-effort: without it, the next process probes). */
export function rememberProbe(bwrap: string, userns: boolean): void {
  const current = fingerprint(bwrap);
  if (current === undefined) return;
  const file = memoFile();
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify({ fingerprint: current, userns } satisfies ProbeMemo), { mode: 0o600 });
    renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    // a cache
  }
}

/** Drops the remembered probe: the sandbox failed to start, so the next command probes again. */
export function forgetProbe(): void {
  try {
    rmSync(memoFile(), { force: true });
  } catch {
    // nothing to forget, or not ours to remove: the fingerprint still guards it
  }
}

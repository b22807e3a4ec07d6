/**
 * Which sandbox can run here, probed once per process: on Linux bwrap on PATH *and* a probe
 * run that succeeds (user namespaces blocked by AppArmor or a sysctl make bwrap fail only when
 * run), on macOS /usr/bin/sandbox-exec. socat is needed for the network bridge (Linux).
 * A terminal call's probe (the async one) may come from an earlier process: see probe-memo.ts.
 */
import { execFile, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { forgetProbe, recallProbe, rememberProbe } from "./probe-memo.js";

export interface BwrapBackend {
  kind: "bwrap";
  path: string;
  /** Whether `--unshare-user` works here (it does not for root in some containers). */
  userns: boolean;
  /** socat for the network bridge; without it the sandbox has no network at all. */
  socat?: string;
}

export interface SeatbeltBackend {
  kind: "seatbelt";
  path: string;
}

export type SandboxBackend = BwrapBackend | SeatbeltBackend;

export type Detection = { available: true; backend: SandboxBackend } | { available: false; reason: string; fix: string };

const INSTALL_FIX = "install bubblewrap and socat (Debian/Ubuntu: sudo apt install bubblewrap socat; Fedora: sudo dnf install bubblewrap socat)";
const USERNS_FIX =
  "allow unprivileged user namespaces: on Ubuntu 24.04+ `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` " +
  "(or an AppArmor profile for bwrap), elsewhere `sudo sysctl -w kernel.unprivileged_userns_clone=1` / user.max_user_namespaces > 0; " +
  "inside Docker, the default seccomp profile blocks namespaces (run the container with --security-opt seccomp=unconfined, or rely on the container)";

let cached: Detection | undefined;
let probing: Promise<Detection> | undefined;

export function detectSandbox(): Detection {
  if (cached !== undefined) return cached;
  const target = probeTarget();
  cached = "bwrap" in target ? settleSync(target) : target;
  return cached;
}

/** The same probe without blocking the thread: bwrap runs while the caller's other work goes on. */
export async function detectSandboxAsync(): Promise<Detection> {
  if (cached !== undefined) return cached;
  probing ??= (async () => {
    const target = probeTarget();
    const detection = "bwrap" in target ? await settleAsync(target) : target;
    return (cached ??= detection);
  })().finally(() => (probing = undefined));
  return probing;
}

/** Forgets the probe of this process (tests, after changing PATH; a sandbox that failed to start). */
export function resetSandboxDetection(): void {
  cached = undefined;
}

/** Linux with bwrap on PATH: what is left is to run it (with and without a user namespace). */
interface BwrapTarget {
  bwrap: string;
  socat?: string;
}

/** What is left to probe, or the answer already. */
type ProbeTarget = BwrapTarget | Detection;

function probeTarget(): ProbeTarget {
  if (process.platform === "darwin") {
    const path = "/usr/bin/sandbox-exec";
    return executable(path) ? { available: true, backend: { kind: "seatbelt", path } } : { available: false, reason: `${path} is missing`, fix: "use a stock macOS (sandbox-exec ships with it)" };
  }
  if (process.platform !== "linux") {
    return { available: false, reason: `no OS sandbox for ${process.platform}`, fix: "run quiver under WSL2 or Linux with bubblewrap for a sandbox" };
  }
  const bwrap = onPath("bwrap");
  if (bwrap === undefined) return { available: false, reason: "bwrap (bubblewrap) is not on PATH", fix: INSTALL_FIX };
  const socat = onPath("socat");
  return socat === undefined ? { bwrap } : { bwrap, socat };
}

/** A probe run gives undefined when bwrap ran, else its complaint; without a user namespace is tried only when with one failed. */
function settleSync(target: BwrapTarget): Detection {
  const withUserns = probeRunSync(target.bwrap, true);
  return remembered(target, verdict(target, withUserns, withUserns === undefined ? undefined : probeRunSync(target.bwrap, false)));
}

async function settleAsync(target: BwrapTarget): Promise<Detection> {
  const recalled = recallProbe(target.bwrap);
  if (recalled !== undefined) return bwrapDetection(target, recalled.userns);
  const withUserns = await probeRunAsync(target.bwrap, true);
  return remembered(target, verdict(target, withUserns, withUserns === undefined ? undefined : await probeRunAsync(target.bwrap, false)));
}

/** A probe's answer, kept for later processes when it is a success, and any kept one dropped when not. */
function remembered(target: BwrapTarget, detection: Detection): Detection {
  if (detection.available && detection.backend.kind === "bwrap") rememberProbe(target.bwrap, detection.backend.userns);
  else forgetProbe();
  return detection;
}

function verdict(target: BwrapTarget, withUserns: string | undefined, without: string | undefined): Detection {
  if (withUserns === undefined) return bwrapDetection(target, true);
  if (without === undefined) return bwrapDetection(target, false);
  return { available: false, reason: `bwrap cannot create its namespaces here (${without})`, fix: USERNS_FIX };
}

function bwrapDetection(target: BwrapTarget, userns: boolean): Detection {
  return { available: true, backend: { kind: "bwrap", path: target.bwrap, userns, ...(target.socat !== undefined && { socat: target.socat }) } };
}

/** The namespaces bwrap-args.ts asks for, so that what the probe ran is what commands get. */
function probeArgs(userns: boolean): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"];
  if (userns) args.push("--unshare-user");
  args.push("--cap-drop", "ALL", "--die-with-parent", "--", "true");
  return args;
}

function probeRunSync(bwrap: string, userns: boolean): string | undefined {
  const run = spawnSync(bwrap, probeArgs(userns), { encoding: "utf8", timeout: PROBE_TIMEOUT_MS, stdio: ["ignore", "ignore", "pipe"] });
  if (run.status === 0) return undefined;
  return complaint(run.stderr ?? "", run.error?.message ?? `exit ${String(run.status ?? run.signal)}`);
}

function probeRunAsync(bwrap: string, userns: boolean): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(bwrap, probeArgs(userns), { encoding: "utf8", timeout: PROBE_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (error === null) return resolve(undefined);
      resolve(complaint(stderr, error.message));
    });
  });
}

function complaint(stderr: string, otherwise: string): string {
  const said = stderr.trim().split("\n").pop() ?? "";
  return said !== "" ? said : otherwise;
}

const PROBE_TIMEOUT_MS = 10_000;

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const path = join(dir, name);
    if (executable(path)) return path;
  }
  return undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

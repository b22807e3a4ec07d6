/**
 * Which sandbox can run here, probed once per process: on Linux bwrap on PATH *and* a probe
 * run that succeeds (user namespaces blocked by AppArmor or a sysctl make bwrap fail only when
 * run), on macOS /usr/bin/sandbox-exec. socat is needed for the network bridge (Linux).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

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

export function detectSandbox(): Detection {
  cached ??= probe();
  return cached;
}

/** For tests: forget the probe (e.g. after changing PATH). */
export function resetSandboxDetection(): void {
  cached = undefined;
}

function probe(): Detection {
  if (process.platform === "darwin") {
    const path = "/usr/bin/sandbox-exec";
    return executable(path) ? { available: true, backend: { kind: "seatbelt", path } } : { available: false, reason: `${path} is missing`, fix: "use a stock macOS (sandbox-exec ships with it)" };
  }
  if (process.platform !== "linux") {
    return { available: false, reason: `no OS sandbox for ${process.platform}`, fix: "run quiver under WSL2 or Linux with bubblewrap for a sandbox" };
  }
  const path = onPath("bwrap");
  if (path === undefined) return { available: false, reason: "bwrap (bubblewrap) is not on PATH", fix: INSTALL_FIX };
  const socat = onPath("socat");
  const withSocat = socat === undefined ? {} : { socat };
  if (probeRun(path, true) === undefined) return { available: true, backend: { kind: "bwrap", path, userns: true, ...withSocat } };
  const failure = probeRun(path, false);
  if (failure === undefined) return { available: true, backend: { kind: "bwrap", path, userns: false, ...withSocat } };
  return { available: false, reason: `bwrap cannot create its namespaces here (${failure})`, fix: USERNS_FIX };
}

/** Undefined when the probe ran, else bwrap's complaint. */
function probeRun(bwrap: string, userns: boolean): string | undefined {
  // The namespaces bwrap-args.ts asks for, so that what the probe ran is what commands get.
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"];
  if (userns) args.push("--unshare-user");
  args.push("--cap-drop", "ALL", "--die-with-parent", "--", "true");
  const run = spawnSync(bwrap, args, { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "ignore", "pipe"] });
  if (run.status === 0) return undefined;
  const said = (run.stderr ?? "").trim().split("\n").pop() ?? "";
  return said !== "" ? said : run.error?.message ?? `exit ${String(run.status ?? run.signal)}`;
}

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

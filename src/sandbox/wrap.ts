/**
 * Wraps a command in the OS sandbox: decides whether it can run sandboxed (mode × backend),
 * builds the backend's argv, starts the network proxy for it, and after it ends checks the
 * guarded paths and says what was blocked.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bwrapArgs, PROXY_SOCKET_INSIDE } from "./bwrap-args.js";
import { blockedLine } from "./blocked.js";
import { cacheEnv, ensureSandboxCacheDir } from "./caches.js";
import { sandboxSettings } from "./config.js";
import { detectSandbox, resetSandboxDetection, type SandboxBackend } from "./detect.js";
import { forgetProbe } from "./probe-memo.js";
import { checkGuards, snapshotGuards, type GuardSnapshot } from "./guard-check.js";
import { baselineNestedRepos, checkNestedRepos, type NestedCheck } from "./nested-repos.js";
import { sandboxPolicy, within, type SandboxPolicy } from "./policy.js";
import { NetworkProxy } from "./proxy.js";
import { seatbeltProfile } from "./seatbelt-profile.js";

export type SandboxDecision =
  | { kind: "sandboxed"; backend: SandboxBackend }
  /** Mode off, or auto where no sandbox can run (the guard alone, strict). */
  | { kind: "unsandboxed"; reason: string }
  /** Mode on where no sandbox can run: nothing may run. */
  | { kind: "refused"; message: string };

export function sandboxDecision(): SandboxDecision {
  const { mode } = sandboxSettings();
  if (mode === "off") return { kind: "unsandboxed", reason: "sandbox mode is off" };
  const detection = detectSandbox();
  if (detection.available) return { kind: "sandboxed", backend: detection.backend };
  if (mode === "auto") return { kind: "unsandboxed", reason: `no sandbox: ${detection.reason}` };
  return {
    kind: "refused",
    message: `The sandbox is required (sandbox mode on) but cannot run here: ${detection.reason}. Fix: ${detection.fix}. Or start quiver with --sandbox auto/off to run commands under the command guard alone.`,
  };
}

/**
 * Why `cwd` cannot be the working directory inside the sandbox, or undefined. The host's /tmp is
 * replaced by a private one, so a directory there is invisible unless it is a writable root.
 */
export function sandboxCwdProblem(cwd: string): string | undefined {
  const policy = sandboxPolicy(sandboxSettings().writable);
  const real = realOr(cwd);
  if (!within(real, "/tmp") || policy.writable.some((dir) => within(real, dir))) return undefined;
  return `workdir ${cwd} is in the host's /tmp, which the sandbox replaces with a private /tmp (ssh-agent and X11 sockets live in the host's). Work in the project (${policy.project}), add the directory to sandbox.writable in config.yaml, or use the private /tmp from inside the command.`;
}

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** The port the bridge listens on inside the sandbox (its own network namespace, so never taken). */
const BRIDGE_PORT = 3128;
const BRIDGE_PORT_HEX = BRIDGE_PORT.toString(16).toUpperCase().padStart(4, "0");
/**
 * Starts the bridge from 127.0.0.1:3128 to the proxy's socket and waits until it listens, so
 * the command cannot race it; then becomes the command. Only builtins in the loop (no fork per
 * poll): /proc/net/tcp is read with `read`, and a read with a timeout on a fresh pty (which
 * never has data) is the 1 ms pause. At most ~2 s, then the command runs regardless.
 */
const BRIDGE_SCRIPT = [
  // In a subshell, so socat is not a child of the command: `script`, `wait` and the like wait for all their children.
  `( socat TCP-LISTEN:${BRIDGE_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${PROXY_SOCKET_INSIDE} 2>/dev/null & )`,
  // Braces: a redirection on `exec` itself would stay for the command (its stderr gone).
  "{ exec 9<>/dev/ptmx; } 2>/dev/null || exec 9</dev/zero",
  "for ((_q = 0; _q < 2000; _q++)); do",
  "  read -r -d '' _t </proc/net/tcp",
  `  [[ $_t == *":${BRIDGE_PORT_HEX} 00000000:0000 0A"* ]] && break`,
  "  read -r -t 0.001 -u 9 _",
  "done",
  "exec 9<&-",
  "unset _q _t",
  'exec "$@"',
].join("\n");

export interface SandboxedSpawn {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Once the command has ended: stops its proxy, quarantines what it created at guarded paths, says what was blocked. */
  finish(outcome: FinishOutcome): Promise<string | undefined>;
}

export interface FinishOutcome {
  command: string;
  output: string;
  /** It was stopped (timeout, abort): its processes may outlive bwrap by a moment. */
  killed?: boolean;
  exitCode?: number;
}

export interface WrapOptions {
  cwd: string;
  /** The environment for the command (already allowlisted). */
  env: NodeJS.ProcessEnv;
  /** false: the command needs no network (offline.ts), so no bridge is started for it. Default true. */
  network?: boolean;
}

/** `argv` wrapped for `backend`. */
export async function wrapCommand(argv: readonly string[], backend: SandboxBackend, opts: WrapOptions): Promise<SandboxedSpawn> {
  const settings = sandboxSettings();
  const cache = ensureSandboxCacheDir();
  const policy = sandboxPolicy([...settings.writable, cache]);
  const snapshot = snapshotGuards(policy.guarded);
  const startedAt = Date.now();
  const dirs = sandboxDirs();
  const quarantineDir = join(policy.env.quiverHome, "quarantine");
  // The package caches are quiver's own, never where the user runs git: not walked for nested repositories.
  const cacheReal = realOr(cache);
  const repoRoots = policy.writable.filter((dir) => !within(dir, cacheReal));
  baselineNestedRepos(repoRoots);
  const check = (): NestedCheck => checkAfter(snapshot, repoRoots, startedAt, quarantineDir);
  const tmpDir = dirs.tmp;
  if (backend.kind === "seatbelt") {
    const proxy = await NetworkProxy.listen({ port: 0, host: "127.0.0.1" }, settings.networkAllow);
    const port = proxy.port();
    const profile = seatbeltProfile({ policy, tmpDir, ...(port !== undefined && { proxyPort: port }) });
    const url = `http://127.0.0.1:${port ?? 0}`;
    return {
      file: backend.path,
      args: ["-p", profile, ...argv],
      env: { ...opts.env, ...cacheEnv(cache), TMPDIR: tmpDir, ...proxyEnv(url) },
      finish: (outcome) => finish(outcome, { policy, proxy, quarantine: check }),
    };
  }
  const network = backend.socat !== undefined && opts.network !== false;
  const socket = network ? join(dirs.sockets, `p${++socketCount}.sock`) : undefined;
  const proxy = socket === undefined ? undefined : await NetworkProxy.listen({ path: socket }, settings.networkAllow);
  const inner = network ? ["bash", "-c", BRIDGE_SCRIPT, "quiver-sandbox", ...argv] : [...argv];
  const args = bwrapArgs({ policy, tmpDir, userns: backend.userns, cwd: opts.cwd, argv: inner, ...(socket !== undefined && { proxySocket: socket }) });
  const env = { ...opts.env, ...cacheEnv(cache), TMPDIR: "/tmp", ...(network ? proxyEnv(`http://127.0.0.1:${BRIDGE_PORT}`) : {}) };
  return {
    file: backend.path,
    args,
    env,
    finish: async (outcome) => {
      const line = await finish(outcome, { policy, proxy, quarantine: check, noNetwork: backend.socat === undefined });
      if (socket !== undefined) rmSync(socket, { force: true });
      return bwrapFailedToStart(outcome) ?? line;
    },
  };
}

/** The guarded paths, then repositories the command made or changed below the writable roots. */
function checkAfter(snapshot: GuardSnapshot, roots: readonly string[], startedAt: number, quarantineDir: string): NestedCheck {
  const guarded = checkGuards(snapshot, quarantineDir);
  const nested = checkNestedRepos(roots, startedAt, quarantineDir);
  return { ...nested, quarantined: [...guarded, ...nested.quarantined] };
}

function proxyEnv(url: string): NodeJS.ProcessEnv {
  return { HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url, ALL_PROXY: url, all_proxy: url, NO_PROXY: "", no_proxy: "" };
}

async function finish(
  outcome: FinishOutcome,
  run: { policy: SandboxPolicy; proxy: NetworkProxy | undefined; quarantine: () => NestedCheck; noNetwork?: boolean },
): Promise<string | undefined> {
  await run.proxy?.close();
  let checked: NestedCheck = { quarantined: [] };
  try {
    checked = run.quarantine();
    // A command killed on timeout dies with its sandbox a moment after bwrap does: look again then.
    // Only then: a later check could take what the user or an approved command made meanwhile.
    if (outcome.killed === true) setTimeout(() => {
      try {
        run.quarantine();
      } catch {
        // best effort: the first check has reported
      }
    }, LATE_CHECK_MS).unref();
  } catch (err) {
    return `Sandbox: checking the protected paths after the command failed (${err instanceof Error ? err.message : String(err)}); look at .git/hooks, .envrc and the shell rc files before running anything.`;
  }
  return blockedLine({
    command: outcome.command,
    output: outcome.output,
    quarantined: checked.quarantined,
    ...(checked.incomplete !== undefined && { unchecked: checked.incomplete }),
    deniedHosts: run.proxy?.denied() ?? [],
    hidden: run.policy.hidden,
    ...(run.noNetwork === true && { noNetwork: true }),
  });
}

/**
 * bwrap's own refusal to set up (exit 1, its `bwrap: ` line first): the probe that found it working
 * (perhaps an earlier process's) no longer holds, so it is forgotten and the next command probes.
 * The command did not run; it is never run again outside the sandbox.
 */
function bwrapFailedToStart(outcome: FinishOutcome): string | undefined {
  if (outcome.exitCode !== 1 || !outcome.output.startsWith("bwrap: ")) return undefined;
  forgetProbe();
  resetSandboxDetection();
  const said = outcome.output.split("\n", 1)[0];
  return `Sandbox: bwrap could not start the command (${said}); quiver checks the sandbox again before the next command, and \`quiver doctor\` says what it needs.`;
}

/** Longer than run-command's SIGTERM→SIGKILL grace, so nothing of the sandbox is left alive. */
const LATE_CHECK_MS = 2_000;
let socketCount = 0;
let created: { tmp: string; sockets: string } | undefined;

/** The private temp dir (mounted at /tmp) and the proxy sockets' dir: one each per process, removed at exit. */
function sandboxDirs(): { tmp: string; sockets: string } {
  if (created !== undefined) return created;
  // Resolved: on macOS the temp dir is behind a symlink (/var → /private/var) and Seatbelt matches real paths.
  const tmp = realOr(mkdtempSync(join(tmpdir(), "quiver-sandbox-tmp-")));
  const sockets = mkdtempSync(join(tmpdir(), "quiver-sandbox-net-"));
  created = { tmp, sockets };
  process.once("exit", removeSandboxDirs);
  return created;
}

/**
 * Removes the private /tmp and the sockets' dir now (done at exit anyway); the next sandboxed
 * command makes new ones. For embedders and test runners whose processes end without "exit".
 */
export function removeSandboxDirs(): void {
  if (created === undefined) return;
  for (const dir of [created.tmp, created.sockets]) rmSync(dir, { recursive: true, force: true });
  process.off("exit", removeSandboxDirs);
  created = undefined;
}

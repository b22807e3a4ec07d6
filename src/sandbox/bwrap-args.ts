/**
 * The bwrap argv for one command (Linux), in the spirit of gemini-cli's bwrapArgsBuilder:
 * the host read-only, then the writable binds, then the pins and read-only binds inside them,
 * then the hidden paths, so that each later mount wins over the earlier ones.
 */
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { hostSockets } from "./host-sockets.js";
import { lstatOrUndefined, parentsBetween, within, type SandboxPolicy } from "./policy.js";

/** Where the proxy's unix socket appears inside the sandbox (under the private /tmp). */
export const PROXY_SOCKET_INSIDE = "/tmp/.quiver-proxy.sock";
/** Kept readable inside a hidden $QUIVER_HOME: the model is pointed there for large results. */
/** What the model may read in $QUIVER_HOME (as src/safety/unreadable.ts): spilled-over results, the user's skills. */
const QUIVER_HOME_READABLE = [join("cache", "spillover"), "skills"];

export interface BwrapPlan {
  policy: SandboxPolicy;
  /** The private temp dir on the host, mounted at /tmp. */
  tmpDir: string;
  /** The proxy's socket on the host, bound at PROXY_SOCKET_INSIDE; absent = no network at all. */
  proxySocket?: string;
  /** `--unshare-user` works here. */
  userns: boolean;
  cwd: string;
  /** What runs inside. */
  argv: readonly string[];
}

export function bwrapArgs(plan: BwrapPlan): string[] {
  const { policy } = plan;
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  // Shallow binds first: a root above /tmp must not cover the private /tmp, one below must sit on it.
  const binds = [{ src: plan.tmpDir, dest: "/tmp" }, ...policy.writable.map((dir) => ({ src: dir, dest: dir }))];
  binds.sort((a, b) => depth(a.dest) - depth(b.dest));
  for (const bind of binds) args.push("--bind", bind.src, bind.dest);
  const existing = policy.guarded.filter((g) => lstatOrUndefined(g.path) !== undefined);
  for (const dir of pins(policy, existing.map((g) => g.path))) args.push("--bind", dir, dir);
  for (const guarded of existing) {
    if (policy.hidden.some((h) => within(guarded.path, h))) continue; // hidden below, read-only too
    // A `.git` directory (or a symlink to one) stays writable for commits; its hooks and config are guarded themselves.
    if (guarded.kind === "git-dir" && lstatOrUndefined(realOr(guarded.path))?.isDirectory() === true) continue;
    // A symlink (`.envrc -> envrc.local`): bind what it points to; a dangling one cannot be bound
    // (bwrap would fail every command), the check after the command watches its target instead.
    const target = lstatOrUndefined(guarded.path)?.isSymbolicLink() === true ? realOrUndefined(guarded.path) : guarded.path;
    if (target !== undefined) args.push("--ro-bind", target, target);
  }
  args.push(...hideArgs(policy));
  const sockets = hostSockets();
  for (const dir of sockets.dirs) args.push("--tmpfs", dir, "--remount-ro", dir);
  for (const socket of sockets.sockets) if (!sockets.dirs.some((d) => within(socket, d))) args.push("--ro-bind", "/dev/null", socket);
  if (plan.proxySocket !== undefined) args.push("--ro-bind", plan.proxySocket, PROXY_SOCKET_INSIDE);
  args.push("--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try");
  if (plan.userns) args.push("--unshare-user");
  // As root, bwrap keeps every capability unless told: root could unmount what hides ~/.ssh.
  args.push("--cap-drop", "ALL", "--die-with-parent", "--chdir", plan.cwd, "--", ...plan.argv);
  return args;
}

/** Directories holding guarded paths, bound onto themselves so `mv .git x` cannot swap them out (EBUSY). */
function pins(policy: SandboxPolicy, guarded: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const path of [...guarded, ...policy.hidden]) {
    const root = policy.writable.filter((dir) => within(path, dir)).sort((a, b) => b.length - a.length)[0];
    if (root !== undefined) for (const dir of parentsBetween(root, path)) dirs.add(dir);
  }
  return [...dirs].sort((a, b) => depth(a) - depth(b));
}

/** Directories become an empty read-only tmpfs, files /dev/null; $QUIVER_HOME keeps its spillover readable. */
function hideArgs(policy: SandboxPolicy): string[] {
  const args: string[] = [];
  const hidden = [...policy.hidden].sort((a, b) => depth(a) - depth(b));
  for (const written of hidden) {
    if (hidden.some((other) => other !== written && within(written, other))) continue; // already inside a hidden dir
    const path = realOr(written); // a symlinked ~/.ssh: hide what it points to
    const stats = lstatOrUndefined(path);
    if (stats === undefined) continue;
    if (!stats.isDirectory()) {
      args.push("--ro-bind", "/dev/null", path);
      continue;
    }
    args.push("--tmpfs", path);
    for (const keep of QUIVER_HOME_READABLE.map((p) => join(path, p))) {
      if (written === policy.env.quiverHome && lstatOrUndefined(keep)?.isDirectory() === true) args.push("--ro-bind", keep, keep);
    }
    args.push("--remount-ro", path);
  }
  return args;
}

function depth(path: string): number {
  return path === "/" ? 0 : path.split("/").length - 1;
}

function realOr(path: string): string {
  return realOrUndefined(path) ?? path;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

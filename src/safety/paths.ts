/**
 * Which paths matter: the critical ones (deleting or wiping them wrecks the system or a home,
 * so it is refused) and the protected ones (writing them gives code execution or leaks keys,
 * so it asks). Pure functions of the path and the environment, plus symlink resolution.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";
import { findProjectRoot } from "./project-root.js";

export type EnvVars = Readonly<Record<string, string | undefined>>;

export interface SafetyEnv {
  cwd: string;
  home: string;
  /** $QUIVER_HOME, else <home>/.quiver. */
  quiverHome: string;
  /** The project the command works on (findProjectRoot of the starting cwd): writes inside it need no approval. */
  project: string;
  /** Temporary directories: writes there need no approval either. */
  temps: readonly string[];
  /** The environment the command runs with, for `$NAME` (HOME and PWD come from home and cwd). */
  vars: EnvVars;
  sandboxed: boolean;
}

export interface AssessOptions {
  cwd?: string;
  home?: string;
  /**
   * The environment the command will really run with (default `process.env`): `$NAME` and
   * `$QUIVER_HOME` in the command are resolved from it.
   */
  env?: EnvVars;
  /**
   * The command will run inside the sandbox (bubblewrap, branch `sandbox`): the asks whose
   * effects the sandbox contains (writes, deletes and permission changes outside the project,
   * opaque code, environment hijacks) are dropped; refusals, and the asks it cannot contain
   * (data destroyed elsewhere, reading credentials), stay.
   */
  sandboxed?: boolean;
}

const TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"];

export function safetyEnv(opts: AssessOptions = {}): SafetyEnv {
  const vars = opts.env ?? process.env;
  const home = resolve(opts.home ?? homedir());
  const fromEnv = vars.QUIVER_HOME;
  const quiverHome = fromEnv !== undefined && fromEnv !== "" ? resolve(fromEnv) : join(home, ".quiver");
  const cwd = resolve(opts.cwd ?? process.cwd());
  const temps = [...new Set([...TEMP_DIRS, resolve(tmpdir()), ...(vars.TMPDIR ? [resolve(vars.TMPDIR)] : [])])];
  return { cwd, home, quiverHome, project: findProjectRoot(cwd), temps, vars, sandboxed: opts.sandboxed === true };
}

export function isWithin(path: string, dir: string): boolean {
  // No string built: the credential check runs this for every protected root, twice per path.
  if (!path.startsWith(dir)) return false;
  return path.length === dir.length || path[dir.length] === sep || dir.endsWith(sep);
}

/** Top-level directories the system needs (Linux and macOS). */
const SYSTEM_DIRS = [
  "etc", "usr", "bin", "sbin", "boot", "var", "home", "root", "lib", "lib32", "lib64", "libx32", "opt", "dev",
  "proc", "sys", "srv", "mnt", "media", "snap", "run", "System", "Library", "Users", "Applications", "private", "Volumes",
].map((d) => `/${d}`);
const HOME_ROOTS = ["/home", "/Users"];

/** The critical paths a glob may name even when they do not exist on this machine. */
export function criticalCandidates(env: SafetyEnv): string[] {
  return ["/", ...SYSTEM_DIRS, env.home, dirname(env.home)];
}

/**
 * `/`, a system directory (or a child of /usr), the home, the directory holding homes, or
 * another user's home. A trailing `/*`, `/.` or `/` names the same directory's contents.
 */
export function isCriticalPath(path: string, env: SafetyEnv): boolean {
  const p = resolve(env.cwd, withoutContentsSuffix(path) || "/");
  if (p === "/" || p === env.home || SYSTEM_DIRS.includes(p)) return true;
  if (dirname(env.home) !== "/" && p === dirname(env.home)) return true;
  if (dirname(p) === "/usr" || dirname(p) === "/private") return true;
  return HOME_ROOTS.includes(dirname(p));
}

/** `/x/*`, `/x/.*`, `/x/.` and `/x/` all name /x (or its contents); the suffixes are dropped. */
function withoutContentsSuffix(path: string): string {
  let p = path;
  for (;;) {
    const suffix = ["/", "/*", "/.*", "/."].find((s) => p.endsWith(s) && p.length > 0);
    if (suffix === undefined) return p;
    p = p.slice(0, -suffix.length);
  }
}

/**
 * Device files a command may write without harm; every other path under /dev is taken for a
 * disk (whole disks, partitions, `/dev/disk/by-*` links, names that do not exist yet, memory),
 * so no list of disk names has to be complete.
 */
const HARMLESS_DEVICE = /^\/dev\/(?:null|zero|full|u?random|tty\d*|stdin|stdout|stderr|fd\/\d+|ptmx|pts\/\d+|console|kmsg|log|shm(?:\/.*)?|mqueue(?:\/.*)?)$/;
/** `/proc/self/root/dev/sda` is `/dev/sda`: a process's root is the filesystem root. */
const PROC_ROOT = /^\/proc\/[^/]+\/root(?=\/|$)/;

export function withoutProcRoot(path: string): string {
  let p = path;
  while (PROC_ROOT.test(p)) p = p.replace(PROC_ROOT, "") || "/";
  return p;
}

/** A path (absolute, or relative to /) that may name a disk device. */
export function isBlockDevice(path: string): boolean {
  const p = resolve("/", withoutProcRoot(resolve("/", path)));
  return (p === "/dev" || p.startsWith("/dev/")) && !HARMLESS_DEVICE.test(p);
}

export interface PathRule {
  key: string;
  reason: string;
}

/** Shell startup files in the home (the sandbox keeps them read-only too). */
export const SHELL_RC_FILES: readonly string[] = [
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin",
  ".zlogout", ".kshrc", ".cshrc", ".tcshrc", ".login", ".inputrc", ".envrc", ".bash_aliases", ".xprofile", ".xinitrc",
  ".xsessionrc", ".vimrc", ".exrc", ".tmux.conf",
];
const TOOL_DOTFILES = [".gitconfig", ".git-credentials", ".npmrc", ".netrc", ".pypirc", ".yarnrc", ".yarnrc.yml", ".curlrc", ".wgetrc"];
const KEY_DIRS = [".ssh", ".gnupg", ".aws", ".config", ".docker", ".kube"];

type Matcher = (path: string, env: SafetyEnv) => boolean;

export interface ProtectedPath extends PathRule {
  matches: Matcher;
  /**
   * Whether a tree of files written into this directory (an archive unpacked, a directory's
   * contents copied) can land on this rule's paths. Rules that match anywhere (`.env`) have
   * none: every directory could receive one, and asking for every unpack would be noise.
   */
  holds?: Matcher;
}

const holdsHome: Matcher = (dir, env) => isWithin(env.home, dir);
/** `<home>/name` without path.join's normalising: the home is already absolute and normal, and this runs for every target. */
const inHome = (env: SafetyEnv, name: string): string => (env.home.endsWith(sep) ? env.home : env.home + sep) + name;

/** The protected-path table: a write under any of these asks first. Keys are stable. */
export const PROTECTED_PATHS: readonly ProtectedPath[] = [
  {
    key: "write-quiver-home",
    reason: "writing into $QUIVER_HOME (its tools and config.yaml run code at the next start)",
    matches: (p, env) => isWithin(p, env.quiverHome),
    holds: (dir, env) => isWithin(env.quiverHome, dir),
  },
  { key: "write-ssh", reason: "writing into ~/.ssh", matches: (p, env) => isWithin(p, inHome(env, ".ssh")), holds: holdsHome },
  {
    key: "write-shell-rc",
    reason: "changing a shell startup file",
    matches: (p, env) => dirname(p) === env.home && SHELL_RC_FILES.includes(basename(p)),
    holds: holdsHome,
  },
  {
    key: "write-key-dir",
    reason: "writing into a directory of keys and settings (~/.gnupg, ~/.aws, ~/.config, ~/.docker, ~/.kube)",
    matches: (p, env) => isWithin(p, env.home) && KEY_DIRS.some((d) => isWithin(p, inHome(env, d))),
    holds: holdsHome,
  },
  {
    key: "write-tool-config",
    reason: "changing ~/.gitconfig, ~/.npmrc, ~/.netrc or a similar file that holds credentials or runs commands",
    matches: (p, env) => dirname(p) === env.home && TOOL_DOTFILES.includes(basename(p)),
    holds: holdsHome,
  },
  {
    key: "write-git-hooks",
    reason: "changing a git hook or .git/config (git runs them)",
    matches: (p) => /(?:^|\/)\.git\/(?:hooks(?:\/|$)|config$)/.test(p),
    holds: (dir) => basename(dir) === ".git",
  },
  {
    key: "write-etc",
    reason: "writing into /etc",
    matches: (p) => isWithin(p, "/etc") || isWithin(p, "/private/etc"),
    holds: (dir) => isWithin("/etc", dir) || isWithin("/private/etc", dir),
  },
  // `.env.example` and its kind are templates, committed on purpose.
  { key: "write-env", reason: "writing a .env file (secrets)", matches: (p) => /^\.env(?:\.(?!(?:example|sample|template|dist|defaults)$).*)?$/.test(basename(p)) },
];

/**
 * The working directory after a `cd` the command line cannot follow (`cd "$x"`, a CDPATH, a
 * directory that may not exist): relative paths under it stay unknown.
 */
export const UNKNOWN_CWD = "\u0000";

/** `~`, `~/x` and `~user` expanded; relative paths resolved against the working directory. */
export function absolutePath(path: string, env: SafetyEnv): string {
  if (env.cwd === UNKNOWN_CWD && !/^[/~]/.test(path)) return `${UNKNOWN_CWD}/${path}`;
  if (path === "~" || path.startsWith("~/")) return resolve(env.home, path.slice(2));
  const user = /^~([\w.-]+)(\/.*)?$/.exec(path);
  if (user !== null) return resolve(user[1] === "root" ? "/root" : join(dirname(env.home), user[1]!), `.${user[2] ?? ""}`);
  return resolve(env.cwd, path);
}

/** Whether the path (absolute) lies in the project or a temporary directory, as written and through its symlinks. */
export function insideWorkArea(path: string, env: SafetyEnv): boolean {
  const memo = memoOf(env);
  const real = realEnvOf(env);
  const areas = [env.project, real.project, ...env.temps, ...real.temps];
  // Where the write really lands decides: a link inside the project may point out of it.
  return physicalTargets(path, env).every((p) => areas.some((a) => isWithin(realTarget(p, memo), a)));
}

/**
 * The path as the kernel walks it: `link/../x` is the parent of link's target, not `./x`, so
 * each `..` is taken after the symlinks before it are resolved. Paths without `..` are just absolute.
 */
function physicalTargets(path: string, env: SafetyEnv): string[] {
  const lexical = absolutePath(path, env);
  if (!/(?:^|\/)\.\.(?:\/|$)/.test(path)) return [lexical];
  const start = path.startsWith("/") ? "/" : path.startsWith("~") ? env.home : env.cwd;
  const parts = (path.startsWith("~") ? path.replace(/^~[^/]*/, "") : path).split("/").filter((p) => p !== "" && p !== ".");
  let current = start;
  for (const part of parts) current = part === ".." ? dirname(realTarget(current, memoOf(env))) : join(current, part);
  return [lexical, current];
}

/** The first protected-path rule the path falls under, looking through symlinks too. */
export function protectedPathRule(path: string, env: SafetyEnv): PathRule | undefined {
  for (const [candidate, e] of candidates(path, env)) {
    const hit = PROTECTED_PATHS.find((rule) => rule.matches(candidate, e));
    if (hit !== undefined) return { key: hit.key, reason: hit.reason };
  }
  return undefined;
}

/** Whether a tree of files written into `dir` can land on a protected path, looking through symlinks too. */
export function holdsProtectedPath(dir: string, env: SafetyEnv): boolean {
  const all = candidates(dir, env);
  return PROTECTED_PATHS.some((rule) => all.some(([candidate, e]) => rule.holds?.(candidate, e) === true));
}

/** The path as written and with its symlinks resolved, each against the environment as given and resolved. */
function candidates(path: string, env: SafetyEnv): Array<[string, SafetyEnv]> {
  const real = realEnvOf(env);
  const paths = physicalTargets(path, env).flatMap((p) => [p, realTarget(p, memoOf(env))]);
  return [...new Set(paths)].flatMap((p): Array<[string, SafetyEnv]> => [[p, env], [p, real]]);
}

const memos = new WeakMap<SafetyEnv, Map<string, string>>();

/**
 * Existing paths already resolved for this environment. One assessment uses one environment
 * object, so `cp -t build a b` resolves build's parents once, and a later assessment sees the
 * file system afresh.
 */
function memoOf(env: SafetyEnv): Map<string, string> {
  let memo = memos.get(env);
  if (memo === undefined) memos.set(env, (memo = new Map()));
  return memo;
}

/**
 * The environment's own directories with their symlinks resolved (macOS: /var → /private/var).
 * Kept per process, by their names: they are resolved on every assessment that judges a write,
 * and the home or the working directory turning into a link between two commands is not a
 * case to pay for on each one.
 */
const realEnvs = new Map<string, SafetyEnv>();
const MAX_REAL_ENVS = 64;

function realEnvOf(env: SafetyEnv): SafetyEnv {
  const key = `${env.cwd}\0${env.home}\0${env.quiverHome}\0${env.project}\0${env.temps.join("\0")}`;
  let real = realEnvs.get(key);
  if (real === undefined) {
    const memo = memoOf(env);
    real = {
      ...env,
      cwd: realTarget(env.cwd, memo),
      home: realTarget(env.home, memo),
      quiverHome: realTarget(env.quiverHome, memo),
      project: realTarget(env.project, memo),
      temps: env.temps.map((t) => realTarget(t, memo)),
    };
    if (realEnvs.size >= MAX_REAL_ENVS) realEnvs.clear();
    realEnvs.set(key, real);
  }
  return real;
}

/**
 * The path with symlinks resolved, also when it does not exist yet (its nearest existing
 * parent is resolved) or is a dangling link (`>>` would create the link's target), so a link
 * cannot smuggle a write into ~/.ssh.
 */
function realTarget(absPath: string, memo: Map<string, string>): string {
  // Longer than PATH_MAX: the system cannot open it, so there is nothing to resolve.
  if (absPath.length > PATH_MAX) return absPath;
  const tail: string[] = [];
  let current = absPath;
  for (let hops = 0; ; ) {
    const known = memo.get(current);
    if (known !== undefined) return join(known, ...tail.reverse());
    const stat = quietly(() => lstatSync(current, { throwIfNoEntry: false }));
    const real = stat === undefined ? undefined : quietly(() => realpathSync.native(current));
    if (real !== undefined) {
      memo.set(current, real);
      return join(real, ...tail.reverse());
    }
    // A dangling link: `>>` would create its target.
    if (stat?.isSymbolicLink() === true && hops < MAX_LINK_HOPS) {
      const target = quietly(() => readlinkSync(current));
      if (target !== undefined) {
        current = resolve(dirname(current), target);
        hops++;
        continue;
      }
    }
    const parent = dirname(current);
    if (parent === current) return join(current, ...tail.reverse());
    tail.push(basename(current));
    current = parent;
  }
}

/**
 * The result, or undefined when the file system says no (a component is not a directory, no
 * permission, a loop). A missing path is asked with lstat's `throwIfNoEntry: false`: most
 * targets do not exist yet, and a thrown error costs far more than the system call.
 */
function quietly<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

const PATH_MAX = 4096;
const MAX_LINK_HOPS = 16;

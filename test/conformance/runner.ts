/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`), pinned, run on a pinned
 * Node 22 (the suite needs Node >= 22; quiver itself stays on the machine's Node). Installs each
 * pinned version once under `${XDG_CACHE_HOME:-~/.cache}/quiver-ci/conformance/<version>` and
 * returns per-scenario results read from the suite's own `checks.json` files (`-o <dir>`).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";

export const SUITE_VERSIONS = ["0.1.16", "0.2.0-alpha.12"] as const;
export type SuiteVersion = (typeof SUITE_VERSIONS)[number];
/** The Node build the suite runs on (installed by .ci/pinned-node.sh, the same script .ci/run uses). */
export const RUNNER_NODE_VERSION = "22.23.5";

const REPO = resolve(import.meta.dirname, "../..");
const PINNED_NODE_SCRIPT = join(REPO, ".ci/pinned-node.sh");
const INSTALL_TIMEOUT_MS = 180_000;
const DEFAULT_RUN_TIMEOUT_MS = 120_000;

/** One check as the suite writes it to checks.json. */
export interface ConformanceCheck {
  id: string;
  name: string;
  description?: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO" | string;
  errorMessage?: string;
  details?: unknown;
}

export interface ScenarioResult {
  scenario: string;
  /** No FAILURE and no WARNING check (the suite's own rule for a failing scenario), and at least one check. */
  passed: boolean;
  checks: ConformanceCheck[];
  /** `id: errorMessage` of each failing or warning check, for assertion messages. */
  problems: string[];
}

export interface SuiteRun {
  version: SuiteVersion;
  results: ScenarioResult[];
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Wall-clock bound on the whole run (default 120 s); the runner is killed past it. */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** Not $HOME: the tests run with a fresh temporary HOME, and the cache must outlive each file. */
export function cacheRoot(): string {
  return process.env.XDG_CACHE_HOME ?? join(userInfo().homedir, ".cache");
}

let nodeBin: Promise<string> | undefined;

/** Path of the pinned Node 22 binary, installed on first use. */
export function runnerNode(): Promise<string> {
  nodeBin ??= exec("bash", [PINNED_NODE_SCRIPT, RUNNER_NODE_VERSION], { timeoutMs: INSTALL_TIMEOUT_MS, env: installEnv() }).then((r) => {
    if (r.code !== 0) throw new Error(`installing the pinned Node ${RUNNER_NODE_VERSION} failed (${PINNED_NODE_SCRIPT}): ${r.stderr.trim() || r.stdout.trim()}`);
    return join(r.stdout.trim().split("\n").at(-1)!, "node");
  });
  return nodeBin;
}

const installs = new Map<SuiteVersion, Promise<string>>();

/** Path of the suite's CLI entry for `version`, installed on first use (atomically: install beside, then rename). */
export function conformanceEntry(version: SuiteVersion): Promise<string> {
  let install = installs.get(version);
  if (install === undefined) {
    install = installSuite(version);
    installs.set(version, install);
  }
  return install;
}

async function installSuite(version: SuiteVersion): Promise<string> {
  const dir = join(cacheRoot(), "quiver-ci", "conformance", version);
  const entry = join(dir, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
  if (existsSync(entry)) return entry;
  mkdirSync(dirname(dir), { recursive: true });
  const tmp = mkdtempSync(`${dir}.tmp.`);
  try {
    const args = ["install", "--prefix", tmp, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `@modelcontextprotocol/conformance@${version}`];
    const r = await exec("npm", args, { timeoutMs: INSTALL_TIMEOUT_MS, env: installEnv() });
    if (r.code !== 0) throw new Error(`npm install @modelcontextprotocol/conformance@${version} failed (exit ${r.code}): ${r.stderr.trim()}`);
    if (!existsSync(entry)) {
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return entry;
}

/**
 * Runs `conformance <args…> -o <fresh dir>` and reads every scenario's checks.json. `args` are the
 * suite's own (e.g. `["server", "--url", url]` or `["client", "--command", cmd, "--suite", "all"]`).
 */
export async function runConformance(version: SuiteVersion, args: string[], opts: RunOptions = {}): Promise<SuiteRun> {
  const [node, entry] = await Promise.all([runnerNode(), conformanceEntry(version)]);
  const out = mkdtempSync(join(tmpdir(), "quiver-conformance-"));
  try {
    const r = await exec(node, [entry, ...args, "-o", out], { timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS, env: { ...process.env, NO_COLOR: "1", ...opts.env } });
    if (r.timedOut) throw new Error(`conformance ${version} ${args.join(" ")} did not finish in ${opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS} ms; output so far:\n${tail(r.stdout)}\n${tail(r.stderr)}`);
    const leg = args[0] === "server" ? "server" : undefined;
    return { version, results: readResults(out, leg), exitCode: r.code, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The suite's server scenarios against `url` (default: its active suite, i.e. without pending ones). */
export function runServerScenarios(version: SuiteVersion, url: string, extra: string[] = [], opts: RunOptions = {}): Promise<SuiteRun> {
  return runConformance(version, ["server", "--url", url, ...extra], opts);
}

/** The suite's client scenarios, each starting `command <scenario url>` (the suite runs a --suite in parallel). */
export function runClientScenarios(version: SuiteVersion, command: string, extra: string[] = ["--suite", "all"], opts: RunOptions = {}): Promise<SuiteRun> {
  return runConformance(version, ["client", "--command", command, ...extra], opts);
}

export interface Requirements {
  revision: string;
  server: string[];
  client: string[];
  /** Run and reported but never scored: extension, added-after-release, pending. */
  notScored: { scenario: string; leg: "server" | "client"; reason: string }[];
}

/** What a spec revision requires, as the suite lists it (`conformance list --requirements <revision>`; 0.2 line only). */
export async function requirements(version: SuiteVersion, revision: string): Promise<Requirements> {
  const [node, entry] = await Promise.all([runnerNode(), conformanceEntry(version)]);
  const r = await exec(node, [entry, "list", "--requirements", revision], { timeoutMs: 30_000, env: { ...process.env, NO_COLOR: "1" } });
  if (r.code !== 0) throw new Error(`conformance ${version} list --requirements ${revision} failed: ${r.stderr.trim()}`);
  return parseRequirements(revision, r.stdout);
}

/** Every scenario the suite lists for a leg (`conformance list --server|--client`), pending ones included. */
export async function listScenarios(version: SuiteVersion, leg: "server" | "client"): Promise<string[]> {
  const [node, entry] = await Promise.all([runnerNode(), conformanceEntry(version)]);
  const r = await exec(node, [entry, "list", `--${leg}`], { timeoutMs: 30_000, env: { ...process.env, NO_COLOR: "1" } });
  if (r.code !== 0) throw new Error(`conformance ${version} list --${leg} failed: ${r.stderr.trim()}`);
  return [...r.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

export function parseRequirements(revision: string, text: string): Requirements {
  const req: Requirements = { revision, server: [], client: [], notScored: [] };
  let section: "server" | "client" | "notScored" | undefined;
  let reason = "";
  for (const line of text.split("\n")) {
    if (/^Server scenarios/.test(line)) section = "server";
    else if (/^Client scenarios/.test(line)) section = "client";
    else if (/^Run and reported/.test(line)) section = "notScored";
    const reasonLine = /^ {2}([a-z-]+) \(\d+\):$/.exec(line);
    if (reasonLine !== null) reason = reasonLine[1]!;
    const item = /^\s+- (\S+)(?: \[(server|client)\])?$/.exec(line);
    if (item === null || section === undefined) continue;
    if (section === "notScored") req.notScored.push({ scenario: item[1]!, leg: item[2] === "client" ? "client" : "server", reason });
    else req[section].push(item[1]!);
  }
  return req;
}

/** Each `<leg>-<scenario>-<timestamp>/checks.json` under `out` (client scenarios like `auth/x` nest a directory). */
export function readResults(out: string, leg: "server" | undefined): ScenarioResult[] {
  const results: ScenarioResult[] = [];
  for (const file of readdirSync(out, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(`${sep}checks.json`) && file !== "checks.json") continue;
    let scenario = relative(out, dirname(join(out, file))).split(sep).join("/").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
    if (leg !== undefined) scenario = scenario.replace(new RegExp(`^${leg}-`), "");
    const checks = JSON.parse(readFileSync(join(out, file), "utf8")) as ConformanceCheck[];
    const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    results.push({ scenario, passed: bad.length === 0 && checks.some((c) => c.status === "SUCCESS"), checks, problems: bad.map((c) => `${c.id}: ${c.errorMessage ?? c.status}`) });
  }
  return results.sort((a, b) => a.scenario.localeCompare(b.scenario));
}

/** npm and the install script see the real home's caches, not the test's throwaway HOME. */
function installEnv(): NodeJS.ProcessEnv {
  return { ...process.env, HOME: userInfo().homedir, XDG_CACHE_HOME: cacheRoot() };
}

interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function exec(file: string, args: string[], opts: { timeoutMs: number; env: NodeJS.ProcessEnv }): Promise<ExecResult> {
  return new Promise((resolveRun) => {
    execFile(file, args, { env: opts.env, timeout: opts.timeoutMs, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024, encoding: "utf8" }, (err, stdout, stderr) => {
      const timedOut = err !== null && (err as NodeJS.ErrnoException & { killed?: boolean }).killed === true;
      const code = err === null ? 0 : typeof (err as { code?: unknown }).code === "number" ? ((err as { code: number }).code) : null;
      resolveRun({ code, stdout, stderr, timedOut });
    });
  });
}

function tail(text: string, lines = 40): string {
  return text.split("\n").slice(-lines).join("\n");
}

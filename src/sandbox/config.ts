/**
 * The sandbox settings of this process: config.yaml's `sandbox:` section and the CLI's
 * `--sandbox` flag (the flag wins), set once at start by the CLI (src/cli/runtime.ts).
 * Without a call the defaults hold: mode auto, the default network list, nothing extra writable.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { setDenyRead } from "../safety/unreadable.js";
import { setEnvPassthrough } from "./env.js";
import { setSandboxProject } from "./policy.js";

export type SandboxMode = "auto" | "on" | "off";
export const SANDBOX_MODES: readonly SandboxMode[] = ["auto", "on", "off"];

/**
 * Hosts the proxy lets through by default: package registries and code hosts, so installs and
 * clones work. A host without a port means ports 80 and 443. Documented in docs/safety.md.
 */
export const DEFAULT_NETWORK_ALLOW: readonly string[] = [
  "registry.npmjs.org",
  "registry.yarnpkg.com",
  "pypi.org",
  "files.pythonhosted.org",
  "github.com",
  "api.github.com",
  "codeload.github.com",
  "objects.githubusercontent.com",
  "raw.githubusercontent.com",
  "gitlab.com",
  "bitbucket.org",
  "crates.io",
  "index.crates.io",
  "static.crates.io",
  "static.rust-lang.org",
  "proxy.golang.org",
  "sum.golang.org",
  "rubygems.org",
  "repo.maven.apache.org",
  "repo1.maven.org",
  "plugins.gradle.org",
  "services.gradle.org",
  "deb.debian.org",
];

/** config.yaml's `sandbox:` section as validated by src/config/schema.ts. */
export interface SandboxConfigInput {
  mode?: SandboxMode;
  writable?: string[];
  denyRead?: string[];
  network?: { allow?: string[]; defaults?: boolean };
}

export interface SandboxSettings {
  mode: SandboxMode;
  /** Extra writable paths, absolute. */
  writable: string[];
  /** Hosts (or host:port) the proxy lets through. */
  networkAllow: string[];
}

const DEFAULTS: SandboxSettings = { mode: "auto", writable: [], networkAllow: [...DEFAULT_NETWORK_ALLOW] };
let settings: SandboxSettings = DEFAULTS;

export interface SandboxSetup {
  config?: SandboxConfigInput;
  /** `--sandbox <mode>` from the command line: beats config.yaml. */
  flag?: string;
  /** `terminal.env.passthrough`: extra variable names that reach the command. */
  passthrough?: readonly string[];
  /** The project (its git work tree, else itself) instead of the working directory's: for embedders and tests. */
  project?: string;
}

/** Called once at start by the CLI. Throws on a bad `--sandbox` value, naming the accepted ones. */
export function setSandboxConfig(setup: SandboxSetup): SandboxSettings {
  const mode = parseMode(setup.flag) ?? setup.config?.mode ?? "auto";
  const network = setup.config?.network;
  const base = network?.defaults === false ? [] : DEFAULT_NETWORK_ALLOW;
  settings = {
    mode,
    writable: (setup.config?.writable ?? []).map(expandPath),
    networkAllow: [...new Set([...base, ...(network?.allow ?? [])])],
  };
  setDenyRead(setup.config?.denyRead ?? []);
  setEnvPassthrough(setup.passthrough ?? []);
  if (setup.project !== undefined) setSandboxProject(setup.project);
  return settings;
}

export function sandboxSettings(): SandboxSettings {
  return settings;
}

/** For tests: back to the defaults. */
export function resetSandboxConfig(): void {
  settings = DEFAULTS;
  setDenyRead([]);
  setEnvPassthrough([]);
  setSandboxProject(undefined);
}

function parseMode(flag: string | undefined): SandboxMode | undefined {
  if (flag === undefined) return undefined;
  if ((SANDBOX_MODES as readonly string[]).includes(flag)) return flag as SandboxMode;
  throw new Error(`--sandbox must be one of ${SANDBOX_MODES.join(", ")}, got ${JSON.stringify(flag)}`);
}

function expandPath(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return join(homedir(), path.slice(2));
  return resolve(path);
}

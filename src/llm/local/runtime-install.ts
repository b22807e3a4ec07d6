/**
 * `quiver models runtime`: installs node-llama-cpp into the runtime directory with npm, with only
 * this platform's prebuilt build (node-llama-cpp lists every build as an optional dependency, CUDA
 * and foreign architectures included: ~700 MB on linux-x64 against ~80 MB for the CPU build).
 * Scripts stay off: the prebuilt binary needs no build step, and nothing else runs at install.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, lstatSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LLAMA_CPP_VERSION, installedEntry, runtimeDir } from "./runtime.js";

/** node-llama-cpp's prebuilt package for each platform (the CPU or Metal build; GPU builds on request). */
const BUILDS: Record<string, string> = {
  "linux-x64": "linux-x64",
  "linux-arm64": "linux-arm64",
  "linux-arm": "linux-armv7l",
  "darwin-arm64": "mac-arm64-metal",
  "darwin-x64": "mac-x64",
  "win32-x64": "win-x64",
  "win32-arm64": "win-arm64",
};

/** Roughly what an install leaves on disk, for the progress bar (measured on linux-x64: 3.21.1). */
export const APPROX_RUNTIME_MB = 80;

export function platformBuild(platform: string = process.platform, arch: string = process.arch): string {
  const build = BUILDS[`${platform}-${arch}`];
  if (build === undefined) {
    throw new Error(`node-llama-cpp ${LLAMA_CPP_VERSION} has no prebuilt runtime for ${platform}-${arch}; install node-llama-cpp next to quiver to build it from source`);
  }
  return `@node-llama-cpp/${build}`;
}

export interface RuntimeInstallOptions {
  dir?: string;
  /** Called with bytes written so far, every few hundred ms while npm runs. */
  onProgress?: (bytes: number) => void;
}

export interface RuntimeInstallResult {
  dir: string;
  packages: string[];
  alreadyInstalled: boolean;
}

export async function installLlamaRuntime(options: RuntimeInstallOptions = {}): Promise<RuntimeInstallResult> {
  const dir = options.dir ?? runtimeDir();
  const packages = [`node-llama-cpp@${LLAMA_CPP_VERSION}`, `${platformBuild()}@${LLAMA_CPP_VERSION}`];
  if (installedEntry(dir) !== undefined) return { dir, packages, alreadyInstalled: true };
  mkdirSync(dir, { recursive: true });
  const dependencies = Object.fromEntries(packages.map((spec) => [spec.slice(0, spec.lastIndexOf("@")), LLAMA_CPP_VERSION]));
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "quiver-llama-runtime", private: true, dependencies }, null, 2)}\n`);
  const args = ["install", "--prefix", dir, "--omit=optional", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
  const timer = options.onProgress === undefined ? undefined : setInterval(() => options.onProgress?.(bytesUnder(join(dir, "node_modules"))), 300);
  try {
    await runNpm(args);
  } finally {
    if (timer !== undefined) clearInterval(timer);
  }
  options.onProgress?.(bytesUnder(join(dir, "node_modules")));
  if (installedEntry(dir) === undefined) throw new Error(`npm finished but node-llama-cpp is not in ${dir}/node_modules; run \`npm ${args.join(" ")}\` to see why`);
  return { dir, packages, alreadyInstalled: false };
}

function runNpm(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const windows = process.platform === "win32";
    const child = spawn(windows ? "npm.cmd" : "npm", args, { stdio: ["ignore", "ignore", "pipe"], shell: windows });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("error", (err) => reject(new Error(`could not run npm to install the local model runtime (${err.message}); is npm on PATH?`)));
    child.on("close", (code) => {
      if (code === 0) return resolvePromise();
      const last = stderr.trim().split("\n").slice(-3).join(" | ");
      reject(new Error(`npm ${args.join(" ")} failed (exit ${code}): ${last || "no output"}; check the network or the npm registry setting`));
    });
  });
}

/** Bytes of the files under `dir` (0 while it does not exist). */
function bytesUnder(dir: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined) continue;
    total += stat.isDirectory() ? bytesUnder(path) : stat.size;
  }
  return total;
}
